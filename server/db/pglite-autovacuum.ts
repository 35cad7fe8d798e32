/**
 * PostgreSQL's autovacuum, for PGlite, which has none: it is one backend in single-user mode, so no
 * autovacuum worker ever runs. Without it the planner never learns how big a table has grown (its
 * `reltuples` stays -1, "never analyzed"), and guesses: on a wall of 100,000 signatures it read each
 * page of a region (`min_x > 390 … ORDER BY id LIMIT 1000`) by fetching every matching row through
 * a bitmap and sorting them, 150–240 ms a page, where an index scan in id order stops after the
 * page's rows (20–35 ms). Dead rows (hidden flags flipped, the flood counters updated at every save,
 * rows deleted) would also never be reclaimed.
 *
 * So the server does autovacuum's job with autovacuum's defaults: every naptime, a table is
 * analyzed once more rows changed since its last ANALYZE than 50 + 10 % of its rows, and vacuumed
 * once its dead rows pass 50 + 20 %. PGlite's activity counters start again at zero when it opens,
 * so the first pass after every open analyzes every table.
 */

/** autovacuum's own defaults (autovacuum_naptime, *_threshold, *_scale_factor). */
export const AUTOVACUUM = {
  naptimeMs: 60_000,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
} as const;

/** One table's activity, as pg_stat_user_tables and pg_class tell it. */
export interface TableActivity {
  /** Schema-qualified and quoted, ready for ANALYZE or VACUUM. */
  readonly table: string;
  /** -1 until the table was first analyzed or vacuumed with rows in it. */
  readonly reltuples: number;
  readonly changedSinceAnalyze: number;
  readonly deadRows: number;
}

export type Upkeep = 'ANALYZE' | 'VACUUM (ANALYZE)';

/** What each table needs now; `everything`: analyze all (the first pass after an open). */
export function upkeepDue(
  tables: readonly TableActivity[],
  everything: boolean,
): Array<{ table: string; upkeep: Upkeep }> {
  const due: Array<{ table: string; upkeep: Upkeep }> = [];
  for (const t of tables) {
    const rows = Math.max(t.reltuples, 0);
    const vacuum = t.deadRows > AUTOVACUUM.vacuumThreshold + AUTOVACUUM.vacuumScaleFactor * rows;
    const analyze =
      everything ||
      t.changedSinceAnalyze > AUTOVACUUM.analyzeThreshold + AUTOVACUUM.analyzeScaleFactor * rows;
    if (vacuum) due.push({ table: t.table, upkeep: 'VACUUM (ANALYZE)' });
    else if (analyze) due.push({ table: t.table, upkeep: 'ANALYZE' });
  }
  return due;
}

/**
 * The counters as of now: a backend sends its counts to the shared statistics only from time to
 * time, and PGlite's one backend never idles long enough, so they are flushed first.
 */
export const FLUSH_ACTIVITY_SQL = 'SELECT pg_catalog.pg_stat_force_next_flush()';

export const TABLE_ACTIVITY_SQL =
  'SELECT pg_catalog.format(\'%I.%I\', s.schemaname, s.relname) AS "table", ' +
  'c.reltuples::float8 AS reltuples, s.n_mod_since_analyze::float8 AS "changedSinceAnalyze", ' +
  's.n_dead_tup::float8 AS "deadRows" ' +
  'FROM pg_catalog.pg_stat_user_tables s JOIN pg_catalog.pg_class c ON c.oid = s.relid ' +
  'ORDER BY 1';

/**
 * Runs a pass every naptime: `statement` runs one statement outside any transaction (VACUUM
 * cannot run in one), taking its turn with everyone else's, so no pass holds the database for
 * longer than one table's upkeep.
 */
export class Autovacuum {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private analyzedSinceOpen = false;
  private running: Promise<void> | undefined;
  private readonly statement: (text: string) => Promise<unknown[]>;
  private readonly onError: (error: unknown) => void;
  private readonly naptimeMs: number;

  constructor(
    statement: (text: string) => Promise<unknown[]>,
    onError: (error: unknown) => void,
    naptimeMs: number = AUTOVACUUM.naptimeMs,
  ) {
    this.statement = statement;
    this.onError = onError;
    this.naptimeMs = naptimeMs;
  }

  /** After an open (the first, or a restart): counters are zero again, so analyze everything. */
  opened(firstPassInMs: number): void {
    this.analyzedSinceOpen = false;
    this.schedule(firstPassInMs);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One pass now (tests, and the timer); a pass already running is waited for instead. */
  pass(): Promise<void> {
    this.running ??= this.runPass().finally(() => (this.running = undefined));
    return this.running;
  }

  private schedule(inMs: number) {
    this.stop();
    const timer = setTimeout(() => {
      void this.pass().finally(() => {
        // Not when stopped meanwhile, nor when an open (a restart) scheduled its own first pass.
        if (this.timer === timer) this.schedule(this.naptimeMs);
      });
    }, inMs);
    // Upkeep never keeps the process alive.
    timer.unref?.();
    this.timer = timer;
  }

  private async runPass(): Promise<void> {
    try {
      await this.statement(FLUSH_ACTIVITY_SQL);
      const tables = (await this.statement(TABLE_ACTIVITY_SQL)) as TableActivity[];
      for (const { table, upkeep } of upkeepDue(tables, !this.analyzedSinceOpen)) {
        await this.statement(`${upkeep} ${table}`);
      }
      this.analyzedSinceOpen = true;
    } catch (error) {
      this.onError(error);
    }
  }
}
