/**
 * `/rest/*`: the PostgREST-compatible data API as a Fastify route. HTTP in (CORS preflight, the
 * path and query, the key's role, the client key, saves in flight), the request run by the data API
 * (data-api.ts: parse → plan → cache → SQL → respond, one transaction as the key's role), HTTP out
 * (headers, `Age` for a snapshot, compression), and every failure in the envelope (errors.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestRole, type ApiRole } from '../http/api-key.ts';
import { requestClientKey } from '../http/client-key.ts';
import { answerPreflight, corsHeaders, isPreflight } from '../http/cors.ts';
import { requestSettings } from '../http/request-settings.ts';
import {
  DEFAULT_SAVES_IN_FLIGHT_PER_ADDRESS,
  isSave,
  SavesInFlight,
} from '../http/saves-in-flight.ts';
import { pgrst } from '../rest/envelope.ts';
import type { RestRequest } from '../rest/parse.ts';
import { DataApi, type DataApiOptions } from './data-api.ts';
import { sendError } from './error-answers.ts';
import type { RequestContextOptions } from './request-context.ts';

export interface RestOptions extends Omit<DataApiOptions, 'preRequest'> {
  anonKey: string;
  /** Requests with this key run as service_role; unset: none do. */
  serviceRoleKey?: string;
  /** The client address rule and PostgREST's db-pre-request (request-context.ts). */
  requestContext?: RequestContextOptions;
  /** Saves one client address may have in flight (saves-in-flight.ts); 0: no limit. */
  savesInFlightPerAddress?: number;
}

const PREFIX = '/rest/v1/';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function toRestRequest(request: FastifyRequest): { rest: RestRequest; apikey: string | null } {
  const url = request.raw.url ?? '/';
  const questionMark = url.indexOf('?');
  const pathname = questionMark < 0 ? url : url.slice(0, questionMark);
  const search = new URLSearchParams(questionMark < 0 ? '' : url.slice(questionMark + 1));
  // The gateway takes `apikey` from the URL; PostgREST never sees it, so it is no filter.
  const apikey = search.get('apikey');
  search.delete('apikey');
  if (!pathname.startsWith(PREFIX)) throw pgrst.invalidPath();
  let path: string;
  try {
    path = decodeURIComponent(pathname.slice(PREFIX.length));
  } catch {
    throw pgrst.invalidPath();
  }
  const rest: RestRequest = {
    method: request.method,
    path,
    query: [...search.entries()],
    headers: {
      accept: header(request, 'accept'),
      prefer: header(request, 'prefer'),
      acceptProfile: header(request, 'accept-profile'),
      contentProfile: header(request, 'content-profile'),
      contentType: header(request, 'content-type'),
      range: header(request, 'range'),
    },
    body: typeof request.body === 'string' ? request.body : undefined,
  };
  return { rest, apikey };
}

export function registerRest(app: FastifyInstance, options: RestOptions): void {
  const { db, schema, functions, onCall, maxRows, maxResponseBytes, versionedTables } = options;
  const { snapshotAfterMs } = options;
  const keys = { anon: options.anonKey, serviceRole: options.serviceRoleKey };
  const { trustProxy = 0, preRequest } = options.requestContext ?? {};
  const api = new DataApi({
    db,
    schema,
    functions,
    onCall,
    maxRows,
    maxResponseBytes,
    versionedTables,
    preRequest,
    snapshotAfterMs,
  });
  const savesInFlight = new SavesInFlight(
    options.savesInFlightPerAddress ?? DEFAULT_SAVES_IN_FLIGHT_PER_ADDRESS,
  );

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    url: '/rest/*',
    exposeHeadRoute: false,
    compress: false, // see compress-json.ts
    handler: async (request, reply) => {
      if (isPreflight(request)) return answerPreflight(request, reply);
      let role: ApiRole = 'anon';
      /** The client whose save is counted in, to count out when the answer is ready. */
      let saving: string | undefined;
      try {
        const { rest, apikey } = toRestRequest(request);
        role = requestRole(request.headers.apikey, apikey, header(request, 'authorization'), keys);
        if (request.method === 'OPTIONS') {
          corsHeaders(reply);
          return reply.code(200).header('Allow', 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE').send('');
        }
        const client = requestClientKey(request, trustProxy);
        // Before the body's JSON is parsed or the database touched; the owner's key is never limited.
        if (isSave(request.method) && role !== 'service_role') {
          if (!savesInFlight.enter(client)) throw savesInFlight.refusal();
          saving = client;
        }
        const settings = requestSettings(request, trustProxy);
        const answer = await api.answer({ rest, role, client, settings });
        const { response, ageMs } = answer;
        corsHeaders(reply);
        reply.code(response.status).headers(response.headers).header('Vary', 'Accept-Encoding');
        if (ageMs !== undefined) reply.header('Age', String(Math.floor(ageMs / 1000)));
        // No body (HEAD, 204, return=minimal): nothing to send, and so no Content-Type either.
        if (request.method === 'HEAD' || response.body === '') return reply.send();
        const encoded = await api.encode(answer, header(request, 'accept-encoding'));
        if (encoded.encoding) reply.header('Content-Encoding', encoded.encoding);
        return reply.send(encoded.body);
      } catch (error) {
        return sendError(reply, error, role);
      } finally {
        if (saving !== undefined) savesInFlight.leave(saving);
      }
    },
  });
}
