/**
 * `npm run moderate`: the CLI as the owner runs it (`node scripts/moderate.mjs`, a process
 * of its own) against the real server as a process started with SERVICE_ROLE_KEY, on PGlite and on
 * PostgreSQL. What each command changes is checked through the API as a visitor (anon) sees it.
 * The command line's own rules (parseCommand) are checked without a server.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommand, parseTime, UsageError } from '../../scripts/moderate/args.ts';
import { fetchFrom } from '../support/fetch-from.ts';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { ANON_KEY, asOwner, backends, databaseEnv, signatureAt, type Target } from './harness.ts';

const SERVICE_ROLE_KEY = `signwall-test-service-${randomBytes(24).toString('hex')}`;

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node scripts/moderate.mjs …args` with only the given environment (and PATH). */
function moderate(args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/moderate.mjs', ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function serverEnv(target: Target): Record<string, string> {
  const base = {
    ANON_KEY,
    SERVICE_ROLE_KEY,
    DIST_DIR: join(tmpdir(), 'signwall-no-build'),
    // Smaller than any list here: list must page on, as it does past hosted Supabase's 1000.
    MAX_ROWS: '2',
  };
  return { ...base, ...databaseEnv(target.config) };
}

const anonHeaders = { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` };

interface Row {
  id: number;
  caption: string | null;
  created_at: string;
}

/** A free loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the command line (no server)', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('parses each command, with list 20 by default', () => {
    expect(parseCommand(['list'], now)).toEqual({ kind: 'list', limit: 20 });
    expect(parseCommand(['list', '--limit', '5'], now)).toEqual({ kind: 'list', limit: 5 });
    expect(parseCommand(['hide', '3', '#4', '3'], now)).toEqual({ kind: 'hide', ids: [3, 4] });
    expect(parseCommand(['unhide', '7'], now)).toEqual({ kind: 'unhide', ids: [7] });
    expect(parseCommand(['delete', '8', '9'], now)).toEqual({ kind: 'delete', ids: [8, 9] });
    expect(parseCommand(['hide', '--since', '10m'], now)).toEqual({
      kind: 'hide-window',
      since: '2026-11-23T11:50:00.000Z',
      until: null,
    });
    expect(parseCommand(['hide', '--since', '2026-11-23T10:00:00Z', '--until', '1h'], now)).toEqual(
      { kind: 'hide-window', since: '2026-11-23T10:00:00.000Z', until: '2026-11-23T11:00:00.000Z' },
    );
    expect(parseCommand(['--help'], now)).toEqual({ kind: 'help' });
  });

  it.each([
    [[], /No command/],
    [['purge'], /Unknown command "purge"/],
    [['hide'], /hide needs at least one signature id/],
    [['delete', '12', 'x1'], /"x1" is not a signature id/],
    [['list', '--limit', '0'], /--limit must be a whole number/],
    [['list', '3'], /list takes no ids/],
    [['delete', '3', '--since', '1h'], /--since does not go with delete/],
    [['hide', '3', '--since', '1h'], /ids or --since/],
    [['hide', '--until', '1h'], /--until needs --since/],
    [['hide', '--since', '1h', '--until', '2h'], /must be later than --since/],
    [['hide', '--since', 'yesterday'], /--since "yesterday" is not a time/],
    [['hide', '--since', '2026-11-23'], /is not a time/],
    [['list', '--verbose'], /Unknown option '--verbose'/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCommand(argv, now)).toThrow(UsageError);
    expect(() => parseCommand(argv, now)).toThrow(message);
  });

  it('parses reports and dismiss', () => {
    expect(parseCommand(['reports'], now)).toEqual({ kind: 'reports', limit: 20 });
    expect(parseCommand(['reports', '-n', '3'], now)).toEqual({ kind: 'reports', limit: 3 });
    expect(parseCommand(['dismiss', '5', '#6'], now)).toEqual({ kind: 'dismiss', ids: [5, 6] });
    expect(() => parseCommand(['reports', '5'], now)).toThrow(/reports takes no ids/);
    expect(() => parseCommand(['dismiss'], now)).toThrow(/dismiss needs at least one signature id/);
    expect(() => parseCommand(['dismiss', '5', '--limit', '2'], now)).toThrow(
      /--limit does not go with dismiss/,
    );
  });

  it('reads times ago in seconds, minutes, hours and days', () => {
    expect(parseTime('30s', '--since', now)).toBe('2026-11-23T11:59:30.000Z');
    expect(parseTime('2d', '--since', now)).toBe('2026-11-21T12:00:00.000Z');
    expect(parseTime('2026-11-23 10:00:00+02:00', '--since', now)).toBe('2026-11-23T08:00:00.000Z');
  });

  it('prints its usage with --help, and a bad command line exits 2 pointing there', async () => {
    const help = await moderate(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run moderate -- <command>');
    for (const command of ['list [--limit N]', 'hide <id…>', 'unhide <id…>', 'delete <id…>'])
      expect(help.stdout).toContain(command);
    expect(help.stdout).toContain('hide --since <time> [--until <time>]');
    const bad = await moderate(['hide'], {});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('hide needs at least one signature id');
    expect(bad.stderr).toContain('--help');
  });

  it('without SERVICE_ROLE_KEY, or with the public key, exits 1 saying so before asking anything', async () => {
    const missing = await moderate(['list'], {});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('SERVICE_ROLE_KEY is not set');
    const anon = await moderate(['list'], { SERVICE_ROLE_KEY: ANON_KEY });
    expect(anon.code).toBe(1);
    expect(anon.stderr).toMatch(/SERVICE_ROLE_KEY is a publishable \(anon\) key/);
  });

  it('says when the server cannot be reached, naming the address', async () => {
    const port = await closedPort();
    const result = await moderate(['list'], { PORT: String(port), SERVICE_ROLE_KEY });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannot reach the server at http://127.0.0.1:${port}`);
    expect(result.stderr).toContain('ECONNREFUSED');
    expect(result.stdout).toBe('');
  });
});

describe.each(backends)('npm run moderate against the server on $name', (backend) => {
  let target: Target;
  let server: ServerProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    target = await backend.createTarget();
    server = await spawnServer(serverEnv(target));
    env = { SUPABASE_URL: server.url, SERVICE_ROLE_KEY };
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
  });

  let cell = 0;
  /** Saves a signature as a visitor would, in a grid cell of its own unless given one. */
  async function seed(caption: string | null, at = cell++): Promise<Row> {
    const res = await fetch(`${server.url}/rest/v1/signatures?select=id,caption,created_at`, {
      method: 'POST',
      headers: {
        ...anonHeaders,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify({ signature: signatureAt(at), caption }),
    });
    if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
    const [row] = (await res.json()) as Row[];
    return { ...row!, id: Number(row!.id) };
  }

  /** The ids a visitor reads, every page (the server answers MAX_ROWS at a time). */
  async function visibleIds(): Promise<number[]> {
    const ids: number[] = [];
    for (;;) {
      const after = ids.length === 0 ? '' : `&id=gt.${ids[ids.length - 1]}`;
      const res = await fetch(`${server.url}/rest/v1/signatures?select=id&order=id.asc${after}`, {
        headers: anonHeaders,
      });
      expect(res.status).toBe(200);
      const page = ((await res.json()) as { id: number }[]).map((r) => Number(r.id));
      if (page.length === 0) return ids;
      ids.push(...page);
    }
  }

  it('lists an empty wall', async () => {
    const result = await moderate(['list'], env);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.trim()).toBe('No signatures.');
  });

  it('lists the newest first, up to --limit, with time, caption, hidden and size', async () => {
    const rows = [await seed('first'), await seed(null), await seed('third \u001b[31mred')];
    const all = await moderate(['list'], env);
    expect(all.code).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^id\s+created \(UTC\)\s+hidden\s+size\s+caption$/);
    expect(lines).toHaveLength(4);
    // Newest first. signatureAt(n) is one stroke of 2 points spanning 20 × 20.
    expect(lines[1]).toMatch(
      new RegExp(
        `^${rows[2]!.id}\\s+\\d{4}-\\d\\d-\\d\\dT\\S+Z\\s+-\\s+2 pts 20×20 at 250,50\\s+"third \\\\u\\{1b\\}\\[31mred"$`,
      ),
    );
    expect(lines[2]).toMatch(new RegExp(`^${rows[1]!.id}\\s.*\\s2 pts 20×20 at 150,50\\s+—$`));
    expect(lines[3]).toMatch(new RegExp(`^${rows[0]!.id}\\s.*"first"$`));
    // A caption's escape sequence reaches the terminal as text, never as a control character.
    expect(all.stdout).not.toContain('\u001b');
    expect(lines[1]).toContain(new Date(rows[2]!.created_at).toISOString());

    const two = await moderate(['list', '--limit', '2'], env);
    expect(two.code).toBe(0);
    const ids = two.stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(/\s+/)[0]));
    expect(ids).toEqual([rows[2]!.id, rows[1]!.id]);
  });

  it('hides and unhides: visitors stop and start reading the row; list shows it hidden', async () => {
    const row = await seed('to hide');
    const hidden = await moderate(['hide', String(row.id)], env);
    expect(hidden).toMatchObject({ code: 0, stderr: '' });
    expect(hidden.stdout.trim()).toBe(`Hidden 1 signature: #${row.id}.`);
    expect(await visibleIds()).not.toContain(row.id);
    const listed = await moderate(['list'], env);
    expect(listed.stdout).toMatch(new RegExp(`^${row.id}\\s+\\S+\\s+hidden\\s`, 'm'));

    const shown = await moderate(['unhide', String(row.id)], env);
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    expect(shown.stdout.trim()).toBe(`Shown again: #${row.id}.`);
    expect(await visibleIds()).toContain(row.id);
  });

  it('hides several at once, and names ids that match no signature (exit 1, the rest done)', async () => {
    const a = await seed('a');
    const b = await seed('b');
    const result = await moderate(['hide', String(a.id), '999999', String(b.id)], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Hidden 2 signatures: #${a.id}, #${b.id}.`);
    expect(result.stderr).toContain('No signature with id #999999.');
    const visible = await visibleIds();
    expect(visible).not.toContain(a.id);
    expect(visible).not.toContain(b.id);
  });

  it('refuses to unhide a signature whose spot was taken meanwhile, and unhides the others', async () => {
    const spot = cell++;
    const first = await seed('was here first', spot);
    const other = await seed('hidden too');
    expect((await moderate(['hide', String(first.id), String(other.id)], env)).code).toBe(0);
    // Hidden, it blocks nothing: a visitor draws on the same spot.
    const taker = await seed('drawn over the hidden one', spot);
    const result = await moderate(['unhide', String(first.id), String(other.id)], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Shown again: #${other.id}.`);
    expect(result.stderr).toContain(`#${first.id} stays hidden:`);
    const visible = await visibleIds();
    expect(visible).not.toContain(first.id);
    expect(visible).toContain(taker.id);
    expect(visible).toContain(other.id);
  });

  it('deletes for good: gone for visitors and for the owner', async () => {
    const row = await seed('to delete');
    const result = await moderate(['delete', String(row.id)], env);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.trim()).toBe(`Deleted 1 signature: #${row.id}.`);
    expect(await visibleIds()).not.toContain(row.id);
    expect((await moderate(['list', '--limit', '100'], env)).stdout).not.toMatch(
      new RegExp(`^${row.id}\\s`, 'm'),
    );
    const again = await moderate(['delete', String(row.id)], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`No signature with id #${row.id}.`);
  });

  it('hides every signature created in a window (--since inclusive, --until exclusive), printing how many', async () => {
    const before = await seed('before the flood');
    // Rows a few ms apart, so a window's ms edges fall between them.
    await sleep(20);
    const flood: Row[] = [];
    for (let i = 0; i < 3; i++) {
      flood.push(await seed(`flood ${i}`));
      await sleep(20);
    }
    const after = await seed('after the flood');
    const result = await moderate(
      ['hide', '--since', flood[0]!.created_at, '--until', after.created_at],
      env,
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('Hid 3 signatures created from ');
    expect(result.stdout).toContain(`Ids: ${flood.map((r) => `#${r.id}`).join(', ')}.`);
    const visible = await visibleIds();
    for (const row of flood) expect(visible).not.toContain(row.id);
    expect(visible).toContain(before.id);
    expect(visible).toContain(after.id);

    // Without --until, up to now; rows already hidden are not counted again.
    const open = await moderate(['hide', '--since', flood[0]!.created_at], env);
    expect(open.code).toBe(0);
    expect(open.stdout).toContain('Hid 1 signature created since ');
    expect(await visibleIds()).not.toContain(after.id);
  });

  /** A visitor's report, from a loopback address of its own (one report per signature each). */
  async function report(id: number, from: string, reason: string, note?: string): Promise<void> {
    const visitor = fetchFrom(from);
    try {
      const res = await visitor.fetch(`${server.url}/rest/v1/rpc/report_signature`, {
        method: 'POST',
        headers: { ...anonHeaders, 'Content-Type': 'application/json' },
        body: JSON.stringify({ signature_id: id, reason, note }),
      });
      expect(res.status).toBe(204);
    } finally {
      visitor.close();
    }
  }

  it('reports lists reported signatures, most reported first, with reasons and notes; dismiss clears them', async () => {
    expect((await moderate(['reports'], env)).stdout.trim()).toBe('No reports.');
    const once = await seed('once');
    const twice = await seed('twice');
    await report(once.id, '127.0.0.81', 'spam');
    await report(twice.id, '127.0.0.81', 'offensive', 'rude\u001b[2J');
    await report(twice.id, '127.0.0.82', 'personal_information', 'my number');
    const listed = await moderate(['reports'], env);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^#${twice.id}  2 reports  last \\S+Z  visible  "twice"$`));
    expect(lines[1]).toMatch(/^ {4}\S+Z {2}personal_information {2}"my number"$/);
    // A note is shown escaped: no terminal escape sequence reaches the owner's terminal.
    expect(lines[2]).toMatch(/^ {4}\S+Z {2}offensive {13}"rude\\u\{1b\}\[2J"$/);
    expect(lines[3]).toMatch(new RegExp(`^#${once.id}  1 report  `));
    expect(
      (await moderate(['reports', '--limit', '1'], env)).stdout.trim().split('\n'),
    ).toHaveLength(3);

    const dismissed = await moderate(['dismiss', String(twice.id), '999999'], env);
    // Done only in part: exit 1, and every line on stderr, as for the other commands.
    expect(dismissed.code).toBe(1);
    expect(dismissed.stderr).toContain(`Dismissed 2 reports of #${twice.id}.`);
    expect(dismissed.stderr).toContain('No reports of #999999.');
    const after = await moderate(['reports'], env);
    expect(after.stdout).not.toContain(`#${twice.id} `);
    expect(after.stdout).toContain(`#${once.id} `);
  });

  it('with a wrong key exits 1 saying the server refused SERVICE_ROLE_KEY, and changes nothing', async () => {
    const row = await seed('stays');
    const wrong = { ...env, SERVICE_ROLE_KEY: `${SERVICE_ROLE_KEY}x` };
    for (const args of [['list'], ['hide', String(row.id)], ['delete', String(row.id)]]) {
      const result = await moderate(args, wrong);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `SERVICE_ROLE_KEY was refused by ${server.url} (401 Invalid API key)`,
      );
      expect(result.stdout).toBe('');
    }
    expect(await visibleIds()).toContain(row.id);
  });
});

describe.each(backends)('npm run moderate -- reports on a long list, on $name', (backend) => {
  /**
   * This many reported signatures with 4-digit ids. Read with one `id=in.(…)` query, their
   * captions took ~15 KB of request, and its answer's Content-Location, which repeated the query,
   * ~16.5 KB of headers: past what Node's fetch reads, so the CLI said "Cannot reach the server";
   * with that fixed, the one read still got only max_rows of them (the others' captions missing).
   */
  const REPORTED = 2150;
  let target: Target;
  let server: ServerProcess;

  beforeAll(async () => {
    target = await backend.createTarget();
    // Strokes of 2 px, 30 px apart (their outlines never meet), and the reports written as the
    // owner: a visitor's reports are limited per address and hour.
    await asOwner(
      target,
      `alter table public.signatures alter column id restart with 1000;
       insert into public.signatures (signature, caption)
         select format('[[[%1$s,%2$s],[%3$s,%2$s]]]', 20 + (n % 100) * 30, 20 + (n / 100) * 30,
                       22 + (n % 100) * 30), 'reported ' || n
           from generate_series(0, ${REPORTED - 1}) as n;
       insert into signwall.reports (signature_id, client_hash, reason)
         select id, 'one reporter', 'spam' from public.signatures;`,
    );
    // Hosted Supabase's max_rows: a read of more ids than this gets this many rows, silently.
    server = await spawnServer({ ...serverEnv(target), MAX_ROWS: '1000' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
  });

  it('lists them all with their captions', async () => {
    const result = await moderate(['reports', '--limit', '2400'], {
      SUPABASE_URL: server.url,
      SERVICE_ROLE_KEY,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const heads = result.stdout.split('\n').filter((line) => line.startsWith('#'));
    expect(heads).toHaveLength(REPORTED);
    for (const head of heads) {
      const [, id] = /^#(\d+) {2}1 report {2}/.exec(head)!;
      // The caption comes from the second read: each row's, found by its id.
      expect(head).toMatch(new RegExp(`visible {2}"reported ${Number(id) - 1000}"$`));
    }
  });
});
