/**
 * PGlite (embedded Postgres in WASM) kept in a data directory. It has one connection, and its
 * `transaction()` serialises callers, which is how every request gets its own transaction.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { quoteIdent, type Database, type Tx } from './types.ts';

export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    transaction(fn, options) {
      return pg.transaction(async (inner) => {
        if (options?.role) await inner.exec(`SET LOCAL ROLE ${quoteIdent(options.role)}`);
        const tx: Tx = {
          query: async <T>(text: string, params: unknown[] = []) =>
            (await inner.query<T>(text, params)).rows,
          exec: async (text) => {
            await inner.exec(text);
          },
        };
        return fn(tx);
      });
    },
    close: () => pg.close(),
  };
}
