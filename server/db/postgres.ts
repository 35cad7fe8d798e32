/**
 * PostgreSQL through a pg Pool: each transaction borrows one pooled connection. Sessions run in UTC
 * so JSON built in SQL prints timestamps as `+00:00`, as hosted Supabase does.
 */
import pg from 'pg';
import { quoteIdent, type Database, type Tx } from './types.ts';

export async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, options: '-c TimeZone=UTC', max: 10 });
  // An idle client can lose its connection (server restart); without a listener that would crash.
  pool.on('error', (error) => console.error('postgres pool:', error.message));
  (await pool.connect()).release(); // fail at start, not on the first request
  return {
    kind: 'postgres',
    async transaction(fn, options) {
      const client = await pool.connect();
      let broken = false;
      try {
        // One round trip for both: the role switch is part of every request.
        await client.query(
          options?.role ? `BEGIN; SET LOCAL ROLE ${quoteIdent(options.role)}` : 'BEGIN',
        );
        const tx: Tx = {
          query: async <T>(text: string, params: unknown[] = []) =>
            (await client.query(text, params)).rows as T[],
          exec: async (text) => {
            await client.query(text);
          },
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
