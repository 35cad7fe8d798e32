/**
 * `GET /healthz` for load balancers and supervisors: 200 when the database answers `select 1` within
 * two seconds, 503 otherwise. No apikey (probes have none) and never cached. The reason names the
 * state, not internals: the endpoint is public. The probe is a read of the prober's own: it goes
 * ahead of waiting saves and takes its turn beside other clients, so one client flooding saves
 * does not make a busy server look broken.
 */
import type { FastifyInstance } from 'fastify';
import { DatabaseUnavailableError } from '../db/errors.ts';
import type { Database } from '../db/types.ts';
import { requestClientKey } from '../http/client-key.ts';

const HEALTH_TIMEOUT_MS = 2_000;

type Health = { status: 'ok' } | { status: 'unavailable'; reason: string };

async function check(db: Database, client: string): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Health>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 'unavailable', reason: 'database did not answer within 2 s' }),
      HEALTH_TIMEOUT_MS,
    );
  });
  const probe = db
    .transaction((tx) => tx.query('select 1'), { kind: 'read', client })
    .then(
      (): Health => ({ status: 'ok' }),
      (error: unknown): Health => ({
        status: 'unavailable',
        reason:
          error instanceof DatabaseUnavailableError ? 'database restarting' : 'database error',
      }),
    );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `trustProxy`: proxies in front (TRUST_PROXY), to key the prober as every client is keyed. */
export function registerHealth(app: FastifyInstance, db: Database, trustProxy = 0): void {
  app.get('/healthz', async (request, reply) => {
    const health = await check(db, requestClientKey(request, trustProxy));
    return reply
      .code(health.status === 'ok' ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(health));
  });
}
