/**
 * PGlite has no autovacuum, so the server analyzes and vacuums for it (server/db/pglite-autovacuum.ts).
 * Without statistics the planner read a region's page of a large wall by fetching every matching
 * row and sorting them; with them it walks the id index and stops at the page's last row.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/index.ts';
import { copyFreshPgliteData, copyMigratedPgliteData } from '../support/pglite-template.ts';

const ROWS = 5000;

let db: Database | undefined;
let root: string | undefined;
afterEach(async () => {
  await db?.close();
  if (root) await rm(root, { recursive: true, force: true });
  db = root = undefined;
});

async function open(firstUpkeepMs: number, migrated = false): Promise<Database> {
  root = await mkdtemp(join(tmpdir(), 'signwall-upkeep-'));
  const dataDir = join(root, 'data');
  await (migrated ? copyMigratedPgliteData : copyFreshPgliteData)(dataDir);
  db = await openDatabase({ dataDir }, { firstUpkeepMs });
  return db;
}

/** ROWS dots on a 10 px grid, written as the owner without the guard (it is not what is tested). */
async function fillWall(database: Database) {
  await database.transaction(async (tx) => {
    await tx.exec('SET LOCAL session_replication_role = replica');
    await tx.query(
      `INSERT INTO public.signatures (signature, caption, outline)
       SELECT '[[[' || (g % 300) * 10 || ',' || (g / 300) * 10 || ']]]', '',
              box(point((g % 300) * 10 - 5, (g / 300) * 10 - 5), point((g % 300) * 10 + 5, (g / 300) * 10 + 5))
       FROM generate_series(1, ${ROWS}) g`,
    );
  });
}

/** The plan of one page of the region right of a phone's first screen, as anon reads it. */
async function regionPagePlan(database: Database): Promise<string> {
  const rows = await database.transaction(
    (tx) =>
      tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id, signature, caption, created_at FROM public.signatures
         WHERE min_x > 390 AND id > 100 AND id <= ${ROWS / 2} ORDER BY id LIMIT 1000`,
      ),
    { role: 'anon', kind: 'read' },
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

async function activity(database: Database, table: string) {
  const [row] = await database.transaction((tx) =>
    tx.query<{ reltuples: number; dead: number; vacuumed: boolean; analyzed: boolean }>(
      `SELECT c.reltuples::float8 AS reltuples, s.n_dead_tup::float8 AS dead,
              s.last_vacuum IS NOT NULL AS vacuumed, s.last_analyze IS NOT NULL AS analyzed
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
       WHERE s.relid = $1::regclass`,
      [table],
    ),
  );
  return row!;
}

describe('PGlite upkeep (what autovacuum does on PostgreSQL)', () => {
  it('reads a region page of a large wall through the id index once analyzed, not by sorting all', async () => {
    const database = await open(600_000);
    await fillWall(database);
    const guessed = await regionPagePlan(database);
    expect(guessed).toMatch(/Sort/);
    await database.upkeep!();
    const planned = await regionPagePlan(database);
    expect(planned).toMatch(/^Limit[^\n]*\n\s*->\s+Index Scan using signatures_pkey/);
    expect(planned).not.toMatch(/Sort/);
    expect((await activity(database, 'public.signatures')).reltuples).toBe(ROWS);
  });

  it('runs its first pass by itself soon after the open', async () => {
    const database = await open(50, true);
    await expect
      .poll(async () => (await activity(database, 'public.signatures')).analyzed, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(true);
  });

  it('vacuums a table once a fifth of it is dead rows', async () => {
    const database = await open(600_000);
    await fillWall(database);
    await database.upkeep!();
    await database.transaction((tx) => tx.query(`DELETE FROM public.signatures WHERE id % 3 = 0`));
    await database.upkeep!();
    const after = await activity(database, 'public.signatures');
    expect(after.vacuumed).toBe(true);
    expect(after.dead).toBe(0);
    expect(after.reltuples).toBe(ROWS - Math.floor(ROWS / 3));
  });
});
