/**
 * What each moderation command does through the data API, with the service role's rights. Each
 * returns the lines to print and whether everything asked was done; a failure that stops the
 * command (unreachable server, refused key) is thrown as a ModerationError.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Command } from './args.ts';
import { explainFailure, type Connection, type RequestFailure } from './connection.ts';
import {
  formatList,
  formatReports,
  idList,
  plural,
  type ListedRow,
  type ReportedRow,
} from './format.ts';

const TABLE = 'signatures';
/** Hosted Supabase answers at most 1000 rows per request (max_rows). */
const PAGE_SIZE = 1000;
/** A flood can be thousands of rows: the ids printed after hiding a window are cut to these. */
const MAX_IDS_SHOWN = 20;
/**
 * Ids per `id=in.(…)` read. A request's line and headers must fit in 16 KiB on our server (Node's
 * limit) and in less behind some proxies, and an id takes up to 22 bytes there (19 digits and a
 * percent-encoded comma): 200 of them stay under 4.5 KB however large the ids grow.
 */
const IDS_PER_READ = 200;

export interface Outcome {
  readonly lines: string[];
  /** False when part of the command could not be done (the lines say which). */
  readonly ok: boolean;
}

interface Answer<T> {
  data: T | null;
  error: RequestFailure | null;
  status: number;
}

export class Moderator {
  private readonly client: SupabaseClient;
  private readonly connection: Connection;

  constructor(client: SupabaseClient, connection: Connection) {
    this.client = client;
    this.connection = connection;
  }

  run(command: Exclude<Command, { kind: 'help' }>): Promise<Outcome> {
    switch (command.kind) {
      case 'list':
        return this.list(command.limit);
      case 'hide':
        return this.setHidden(command.ids, true);
      case 'unhide':
        return this.unhide(command.ids);
      case 'delete':
        return this.remove(command.ids);
      case 'hide-window':
        return this.hideWindow(command.since, command.until);
      case 'reports':
        return this.reports(command.limit);
      case 'dismiss':
        return this.dismiss(command.ids);
    }
  }

  /**
   * The database's own list (public.reported_signatures(), service role only): most reported
   * first, then most recently reported; each signature's caption and state read alongside.
   */
  async reports(limit: number): Promise<Outcome> {
    const reported = (
      this.check('Listing reports failed', await this.client.rpc('reported_signatures')) as
        Omit<ReportedRow, 'caption' | 'hidden'>[] | null
    )?.slice(0, limit);
    if (!reported || reported.length === 0) return { lines: ['No reports.'], ok: true };
    const ids = reported.map((row) => row.signature_id);
    const rows: { id: number; caption: string | null; hidden: boolean }[] = [];
    for (let at = 0; at < ids.length; at += IDS_PER_READ) {
      const some = this.check(
        'Reading reported signatures failed',
        await this.client
          .from(TABLE)
          .select('id,caption,hidden')
          .in('id', ids.slice(at, at + IDS_PER_READ)),
      ) as typeof rows;
      rows.push(...some);
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      lines: formatReports(
        reported.map((row) => ({
          ...row,
          caption: byId.get(row.signature_id)?.caption ?? null,
          hidden: byId.get(row.signature_id)?.hidden ?? false,
        })),
      ),
      ok: true,
    };
  }

  /** public.dismiss_reports() per id; an id without reports is named (exit 1, the rest done). */
  private async dismiss(ids: readonly number[]): Promise<Outcome> {
    const lines: string[] = [];
    const none: number[] = [];
    for (const id of ids) {
      const count = this.check(
        'Dismissing reports failed',
        await this.client.rpc('dismiss_reports', { signature_id: id }),
      ) as number;
      if (count > 0) lines.push(`Dismissed ${plural(count, 'report')} of #${id}.`);
      else none.push(id);
    }
    if (none.length > 0) lines.push(`No reports of ${idList(none)}.`);
    return { lines, ok: none.length === 0 };
  }

  private check<T>(what: string, answer: Answer<T>): T {
    if (answer.error) throw explainFailure(what, answer.error, answer.status, this.connection);
    return answer.data as T;
  }

  /** The newest `limit` rows, hidden ones too, read in pages as large as the server answers. */
  async list(limit: number): Promise<Outcome> {
    const rows: ListedRow[] = [];
    while (rows.length < limit) {
      const to = Math.min(rows.length + PAGE_SIZE, limit) - 1;
      const page = this.check(
        'Listing signatures failed',
        await this.client
          .from(TABLE)
          .select('id,created_at,caption,hidden,signature')
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .range(rows.length, to),
      ) as ListedRow[];
      rows.push(...page);
      if (page.length === 0) break;
    }
    return { lines: formatList(rows), ok: true };
  }

  /** Hides (or shows) the rows in one statement; ids that match no row are reported. */
  private async setHidden(ids: readonly number[], hidden: boolean): Promise<Outcome> {
    const changed = this.check(
      'Hiding failed',
      await this.client
        .from(TABLE)
        .update({ hidden })
        .in('id', [...ids])
        .select('id'),
    ) as { id: number }[];
    return this.report('Hidden', ids, changed);
  }

  /**
   * One row at a time: the database refuses to unhide a signature whose spot has since been taken
   * (409, naming the one there now), and that refusal must not keep the others hidden.
   */
  private async unhide(ids: readonly number[]): Promise<Outcome> {
    const shown: number[] = [];
    const lines: string[] = [];
    let missing: number[] = [];
    for (const id of ids) {
      const answer = await this.client
        .from(TABLE)
        .update({ hidden: false })
        .eq('id', id)
        .select('id');
      if (answer.error && answer.status === 409) {
        lines.push(`#${id} stays hidden: ${answer.error.message}`);
        continue;
      }
      const rows = this.check('Unhiding failed', answer) as { id: number }[];
      if (rows.length === 0) missing.push(id);
      else shown.push(id);
    }
    missing = missing.sort((a, b) => a - b);
    if (shown.length > 0) lines.unshift(`Shown again: ${idList(shown)}.`);
    if (missing.length > 0) lines.push(`No signature with id ${idList(missing)}.`);
    return { lines, ok: shown.length === ids.length };
  }

  private async remove(ids: readonly number[]): Promise<Outcome> {
    const deleted = this.check(
      'Deleting failed',
      await this.client
        .from(TABLE)
        .delete()
        .in('id', [...ids])
        .select('id'),
    ) as { id: number }[];
    return this.report('Deleted', ids, deleted);
  }

  /** Hides every visible row created in [since, until): one statement, so a flood goes at once. */
  private async hideWindow(since: string, until: string | null): Promise<Outcome> {
    let query = this.client
      .from(TABLE)
      .update({ hidden: true })
      .eq('hidden', false)
      .gte('created_at', since);
    if (until !== null) query = query.lt('created_at', until);
    const hidden = this.check('Hiding failed', await query.select('id')) as { id: number }[];
    const window = until === null ? `since ${since}` : `from ${since} until ${until}`;
    const ids = hidden.map((row) => row.id).sort((a, b) => a - b);
    const lines = [`Hid ${plural(ids.length, 'signature')} created ${window}.`];
    if (ids.length > 0) {
      const shown = idList(ids.slice(0, MAX_IDS_SHOWN));
      lines.push(
        `Ids: ${shown}${ids.length > MAX_IDS_SHOWN ? `, … (${ids.length - MAX_IDS_SHOWN} more)` : ''}.`,
      );
    }
    return { lines, ok: true };
  }

  private report(done: string, asked: readonly number[], rows: readonly { id: number }[]): Outcome {
    const found = new Set(rows.map((row) => row.id));
    const hit = asked.filter((id) => found.has(id));
    const missing = asked.filter((id) => !found.has(id));
    const lines: string[] = [];
    if (hit.length > 0) lines.push(`${done} ${plural(hit.length, 'signature')}: ${idList(hit)}.`);
    if (missing.length > 0) lines.push(`No signature with id ${idList(missing)}.`);
    return { lines, ok: missing.length === 0 };
  }
}
