/**
 * `GET /healthz` for load balancers and supervisors: 200 when the database answers `select 1` within
 * two seconds, 503 otherwise. No apikey (probes have none) and never cached. The reason names the
 * state, not internals: the endpoint is public.
 */
import type { FastifyInstance } from 'fastify';
import { DatabaseUnavailableError } from '../db/errors.ts';
import type { Database } from '../db/types.ts';

const HEALTH_TIMEOUT_MS = 2_000;

type Health = { status: 'ok' } | { status: 'unavailable'; reason: string };

async function check(db: Database): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Health>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 'unavailable', reason: 'database did not answer within 2 s' }),
      HEALTH_TIMEOUT_MS,
    );
  });
  const probe = db
    .transaction((tx) => tx.query('select 1'))
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

export function registerHealth(app: FastifyInstance, db: Database): void {
  app.get('/healthz', async (_request, reply) => {
    const health = await check(db);
    return reply
      .code(health.status === 'ok' ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(health));
  });
}
