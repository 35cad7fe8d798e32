/**
 * A short hash of everything that decides what a first start writes into an empty database: the
 * migrations and the server's bootstrap and migration runner. Templates of a migrated database are
 * named after it, so changing any of these builds new ones instead of reusing a stale one.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const file = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

export function schemaHash(...extra: string[]): string {
  const hash = createHash('sha256');
  for (const part of extra) hash.update(part);
  const migrations = file('supabase/migrations');
  for (const name of readdirSync(migrations).sort()) {
    hash.update(name).update(readFileSync(join(migrations, name)));
  }
  for (const source of ['server/db/bootstrap.ts', 'server/db/migrate.ts']) {
    hash.update(source).update(readFileSync(file(source)));
  }
  return hash.digest('hex').slice(0, 16);
}
