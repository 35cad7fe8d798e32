/**
 * The command line of `npm run moderate`, parsed (node:util parseArgs) into one command. Pure: no
 * environment, no I/O; the current time comes in as an argument, for relative times like `10m`.
 */
import { parseArgs } from 'node:util';

export type Command =
  | { readonly kind: 'help' }
  | { readonly kind: 'list' | 'reports'; readonly limit: number }
  | { readonly kind: 'hide' | 'unhide' | 'delete' | 'dismiss'; readonly ids: readonly number[] }
  | { readonly kind: 'hide-window'; readonly since: string; readonly until: string | null };

/** A command line that cannot be run; the message says why, for a person to read. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const DEFAULT_LIST_LIMIT = 20;

export const USAGE = `Usage: npm run moderate -- <command> [options]

Commands:
  list [--limit N]                 the newest signatures first, hidden ones too (default ${DEFAULT_LIST_LIMIT})
  hide <id…>                       hide signatures: visitors no longer see them, their spots are free
  hide --since <time> [--until <time>]
                                   hide every signature created in that window (undo a flood)
  unhide <id…>                     show hidden signatures again (refused where the spot is now taken)
  delete <id…>                     delete signatures for good
  reports [--limit N]              reported signatures, most reported first, with their reasons and
                                   notes, newest first (default ${DEFAULT_LIST_LIMIT} signatures)
  dismiss <id…>                    dismiss the reports of signatures (they stay as they are)

<time> is an ISO 8601 time (2026-11-23T10:00:00Z; no zone means local time) or a time ago:
30s, 10m, 2h, 1d. --since is inclusive, --until exclusive.

Environment:
  SUPABASE_URL       the data API (default http://127.0.0.1:$PORT, PORT defaulting to 3000)
  SERVICE_ROLE_KEY   the service_role (secret) key: the server's SERVICE_ROLE_KEY, or on hosted
                     Supabase the project's secret key (dashboard, API settings). Never the anon key.

Exit status: 0 done; 1 failed or done only in part (the message says which); 2 bad command line.`;

const UNITS_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `<time>` as an ISO timestamp: an absolute date and time, or `<n><s|m|h|d>` before `nowMs`. */
export function parseTime(text: string, option: string, nowMs: number): string {
  const ago = /^(\d{1,6})([smhd])$/.exec(text.trim());
  if (ago) return new Date(nowMs - Number(ago[1]) * UNITS_MS[ago[2]!]!).toISOString();
  // A date alone, or a bare number, is too easy to misread as a window: ask for a date and a time.
  const ms = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text.trim()) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) {
    throw new UsageError(
      `${option} "${text}" is not a time: give an ISO time like 2026-11-23T10:00:00Z, or a time ago like 10m.`,
    );
  }
  return new Date(ms).toISOString();
}

function parseIds(words: readonly string[], command: string): number[] {
  if (words.length === 0) throw new UsageError(`${command} needs at least one signature id.`);
  const ids = words.map((word) => {
    const id = /^#?(\d{1,15})$/.exec(word);
    if (!id) throw new UsageError(`"${word}" is not a signature id (a positive whole number).`);
    return Number(id[1]);
  });
  return [...new Set(ids)];
}

function parseLimit(text: string | undefined): number {
  if (text === undefined) return DEFAULT_LIST_LIMIT;
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1) {
    throw new UsageError(`--limit must be a whole number from 1 to 999999, not "${text}".`);
  }
  return Number(text);
}

/** The command in `argv` (the words after `moderate`), or a UsageError saying what is wrong. */
export function parseCommand(argv: readonly string[], nowMs: number): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        limit: { type: 'string', short: 'n' },
        since: { type: 'string' },
        until: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === 'help') return { kind: 'help' };
  const [name, ...rest] = positionals;
  if (name === undefined) throw new UsageError('No command given.');

  const allowOnly = (allowed: readonly string[]) => {
    for (const option of ['limit', 'since', 'until'] as const) {
      if (values[option] !== undefined && !allowed.includes(option)) {
        throw new UsageError(`--${option} does not go with ${name}.`);
      }
    }
  };
  switch (name) {
    case 'list':
    case 'reports':
      allowOnly(['limit']);
      if (rest.length > 0) throw new UsageError(`${name} takes no ids (got "${rest.join(' ')}").`);
      return { kind: name, limit: parseLimit(values.limit) };
    case 'hide':
      allowOnly(['since', 'until']);
      if (values.since !== undefined) {
        if (rest.length > 0) throw new UsageError('Give ids or --since to hide, not both.');
        const since = parseTime(values.since, '--since', nowMs);
        const until = values.until === undefined ? null : parseTime(values.until, '--until', nowMs);
        if (until !== null && until <= since) {
          throw new UsageError(`--until (${until}) must be later than --since (${since}).`);
        }
        return { kind: 'hide-window', since, until };
      }
      if (values.until !== undefined) throw new UsageError('--until needs --since.');
      return { kind: 'hide', ids: parseIds(rest, 'hide') };
    case 'unhide':
    case 'delete':
    case 'dismiss':
      allowOnly([]);
      return { kind: name, ids: parseIds(rest, name) };
    default:
      throw new UsageError(`Unknown command "${name}".`);
  }
}
