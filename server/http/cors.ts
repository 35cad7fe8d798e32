/**
 * CORS as PostgREST sends it (`Cors.hs`): the app may be served from another origin than the API,
 * and every supabase-js call is preflighted. `Content-Range` must be exposed or `count` is null in
 * browsers; `Authorization` must be allowed by name (the `*` wildcard does not cover it).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const EXPOSE_HEADERS =
  'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit';
export const ALLOW_METHODS = 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD';

/** Headers for every actual (non-preflight) API response. */
export function corsHeaders(reply: FastifyReply): void {
  reply.header('Access-Control-Allow-Origin', '*');
  reply.header('Access-Control-Expose-Headers', EXPOSE_HEADERS);
}

export function isPreflight(request: FastifyRequest): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.origin !== undefined &&
    request.headers['access-control-request-method'] !== undefined
  );
}

/** 200 with an empty body, echoing the requested headers between PostgREST's fixed ones. */
export function answerPreflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const requested = request.headers['access-control-request-headers'];
  const allowed = ['Authorization', requested, 'Accept', 'Accept-Language', 'Content-Language']
    .filter((value) => value !== undefined && value !== '')
    .join(', ');
  return reply
    .code(200)
    .header('Access-Control-Allow-Origin', '*')
    .header('Access-Control-Allow-Methods', ALLOW_METHODS)
    .header('Access-Control-Allow-Headers', allowed)
    .header('Access-Control-Max-Age', '86400')
    .send(); // no body, so no Content-Type either
}
