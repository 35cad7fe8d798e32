/**
 * A generated wall (wall-generator.ts, strokes simplified as the app saves them) written straight
 * into a database, for the benches that need a full wall fast and do not measure its seeding.
 */
import { join } from 'node:path';
import { openDatabase, type Database } from '../server/db/index.ts';
import { copyMigratedPgliteData } from '../tests/support/pglite-template.ts';
import { simplified } from './wall-bytes.ts';
import { generateWall } from './wall-generator.ts';

/** Rows per insert. */
const INSERT_BATCH = 250;

/** Inserts a generated wall of `n` signatures into `db`. */
export async function insertGeneratedWall(db: Database, n: number): Promise<void> {
  const wall = simplified(generateWall({ n }).signatures);
  for (let i = 0; i < wall.length; i += INSERT_BATCH) {
    const batch = wall.slice(i, i + INSERT_BATCH);
    await db.transaction((tx) =>
      tx.query(
        'insert into public.signatures (signature, caption) select * from unnest($1::text[], $2::text[])',
        [batch.map((s) => JSON.stringify(s.strokes)), batch.map((s) => s.caption)],
      ),
    );
  }
}

/** A migrated PGlite data directory under `dir` holding a generated wall of `n` signatures. */
export async function seededDataDir(dir: string, n: number): Promise<string> {
  const dataDir = join(dir, 'data');
  await copyMigratedPgliteData(dataDir);
  const db = await openDatabase({ dataDir });
  try {
    await insertGeneratedWall(db, n);
  } finally {
    await db.close();
  }
  return dataDir;
}
