/**
 * The memory that all unread answers may hold is capped for the whole server, not only per
 * address. The real server runs as a child process behind a proxy (TRUST_PROXY=1, per-address
 * socket limits off as the README says to set them there); ATTACKERS sockets, each from an address
 * of its own (X-Forwarded-For), ask for a ~6 MB page without compression and never read a byte.
 * Each such answer stays in the server's memory (past what loopback's buffers take, ~2-4 MB), so
 * before the cap they all added up: these 100 grew the server by 660 MB on PGlite and 1.3 GB on
 * PostgreSQL, and pages of 32 MiB raised a server to 3.4 GB in 11 s. With the cap (MAX_UNSENT_BYTES,
 * here CAP) the non-readers are cut, and:
 * - the server's own count of answers held never passes the cap (its log lines say so),
 * - its resident memory grows by at most the cap and some slack,
 * - sockets that did not read were cut, and
 * - another address's reads (the app's whole page, through supabase-js, which retries a 503 after
 *   its Retry-After as the app does) and saves succeed meanwhile.
 */
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConfig } from '../../server/db/index.ts';
import { signatureAt } from '../support/grid.ts';
import { spawnServer } from '../support/server-process.ts';
import { ANON_KEY, backends, databaseEnv } from './harness.ts';

const ROWS = 6_400;
/** What the server may hold of answers in all, here: small enough to tell from the attack. */
const CAP = 48 * 2 ** 20;
const ATTACKERS = 100;
/** Attackers connect in waves of this many, a wave every WAVE_MS. */
const WAVE = 6;
const WAVE_MS = 250;
/** After the last wave: long enough for its answers to stall (answer-budget.ts's STALL_MS). */
const HOLD_MS = 2_000;
/**
 * The server's memory may grow by the cap and this much more: garbage not yet collected, the
 * visitor's own pages. Measured on top of what the server held: 81-137 MB (it varies with when V8
 * collects). Without the cap the same attack grows the server by 660 MB, far past this bound.
 */
const SLACK_MB = 192;
/** The visitor's reads and saves before the attack, so the baseline is a server that serves them. */
const WARM_VISITS = 3;
const PAGE = `/rest/v1/signatures?select=*&order=id.asc&limit=${ROWS}`;

/**
 * ROWS 30 px strokes, 64 a row and rows 20 px apart (above y = 2,000, clear of the visitor's saves),
 * each with a caption of 145 emoji: ~0.8 KB a row in a page, within the weight rule (a stroke
 * claims 4 nodes, 620 bytes; it stores at most 607).
 */
async function seed(config: DatabaseConfig): Promise<void> {
  // As the owner, in batches, with a long statement budget: PGlite inserts ~1,000 rows a second.
  const db = await openDatabase(config, { migrate: false, statementTimeoutMs: 300_000 });
  try {
    for (let from = 0; from < ROWS; from += 2_000) {
      await db.transaction((tx) =>
        tx.exec(
          `insert into public.signatures (signature, caption)
             select format('[[[%1$s,%2$s],[%3$s,%2$s]]]', 12 + (n % 64) * 50,
                           12 + (n / 64) * 20, 42 + (n % 64) * 50), repeat('😀', 145)
               from generate_series(${from}, ${Math.min(from + 2_000, ROWS) - 1}) as n`,
        ),
      );
    }
  } finally {
    await db.close();
  }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

interface NonReader {
  socket: Socket;
  /** Resumes reading and settles with what became of its answer. */
  outcome(): Promise<'whole' | 'refused' | 'cut'>;
}

/** Asks for the page from `address`, uncompressed, and reads nothing until outcome(). */
function nonReader(url: URL, address: string): NonReader {
  const socket = connect({ host: url.hostname, port: Number(url.port) });
  socket.pause();
  socket.on('error', () => {});
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    `GET ${PAGE} HTTP/1.1\r\nHost: ${url.host}\r\napikey: ${ANON_KEY}\r\n` +
      `X-Forwarded-For: ${address}\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`,
  );
  return {
    socket,
    async outcome() {
      socket.resume();
      await ended;
      const answer = Buffer.concat(chunks);
      const head = answer.subarray(0, answer.indexOf('\r\n\r\n') + 4).toString('latin1');
      if (head.startsWith('HTTP/1.1 503')) return 'refused';
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? -1);
      return head.startsWith('HTTP/1.1 200') && answer.byteLength === head.length + length
        ? 'whole'
        : 'cut';
    },
  };
}

/** The figures of the server's log lines about the answers it holds. */
function budgetLines(output: string): Array<{ peakBytes: number; maxBytes: number; cut: number }> {
  return output
    .split('\n')
    .filter((line) => line.includes('answers held in memory reached their limit'))
    .map((line) => JSON.parse(line) as { peakBytes: number; maxBytes: number; cut: number });
}

describe.each(backends)('clients that never read their answers, on $name', (backend) => {
  it(
    'are cut, the server holds at most its cap, and another address is served meanwhile',
    { timeout: 600_000 },
    async () => {
      // A migrated database holding ROWS rows with long captions.
      const target = await backend.createTarget();
      await seed(target.config);
      const server = await spawnServer({
        ...databaseEnv(target.config),
        ANON_KEY,
        DIST_DIR: join(tmpdir(), 'signwall-no-build'),
        LOG_LEVEL: 'warn',
        MAX_ROWS: String(ROWS),
        TRUST_PROXY: '1',
        MAX_CONNECTIONS_PER_ADDRESS: '0',
        MAX_UNSENT_BYTES: String(CAP),
      });
      const attackers: NonReader[] = [];
      try {
        const url = new URL(server.url);
        const pid = server.child.pid!;
        // Another visitor, as the app reads and saves: supabase-js with its retries.
        const visitor = createClient(server.url, ANON_KEY, {
          global: { headers: { 'X-Forwarded-For': '198.51.100.7' } },
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        });
        const readPage = async () => {
          const { data, error } = await visitor
            .from('signatures')
            .select('*')
            .order('id')
            .range(0, ROWS - 1);
          expect(error).toBeNull();
          expect(data).toHaveLength(ROWS);
        };
        const page = await fetch(`${server.url}${PAGE}`, {
          headers: { apikey: ANON_KEY, 'Accept-Encoding': 'identity' },
        });
        const pageBytes = (await page.arrayBuffer()).byteLength;
        expect(pageBytes).toBeGreaterThan(5_000_000);
        let visits = 0;
        const visit = async () => {
          await readPage();
          const { error } = await visitor
            .from('signatures')
            .insert({ signature: signatureAt(visits, { top: 2_100 }), caption: 'meanwhile' })
            .select('id');
          expect(error).toBeNull();
          visits++;
        };
        // The visitor's reads and saves before the attack too: the page is in the read cache, and
        // the database's and the server's heaps have grown to what serving them takes, so what
        // follows is the attack's cost.
        for (let i = 0; i < WARM_VISITS; i++) await visit();
        const baseline = rssMb(pid);

        let peakRss = baseline;
        const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 100);
        const attack = (async () => {
          for (let i = 0; i < ATTACKERS; i += WAVE) {
            for (let j = i; j < Math.min(i + WAVE, ATTACKERS); j++)
              attackers.push(nonReader(url, `10.0.${j >> 8}.${j & 255}`));
            await sleep(WAVE_MS);
          }
          await sleep(HOLD_MS); // the last ones stall, and are cut when room is needed
        })();
        let attacked = false;
        void attack.then(() => (attacked = true));
        const visiting = (async () => {
          do await visit();
          while (!attacked);
        })();
        await attack;
        await visiting;
        clearInterval(sampler);
        const outcomes: Record<string, number> = {};
        for (const outcome of await Promise.all(attackers.map((reader) => reader.outcome())))
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;

        await sleep(1_500); // the server's last line about them (one a second at most)
        const lines = budgetLines(server.output());
        const peakHeld = Math.max(0, ...lines.map((line) => line.peakBytes));
        console.log(
          `non-readers on ${backend.name}: ${ATTACKERS} sockets asking for a ` +
            `${(pageBytes / 2 ** 20).toFixed(1)} MiB page: ${JSON.stringify(outcomes)}; the server ` +
            `held at most ${(peakHeld / 2 ** 20).toFixed(1)} MiB of answers (cap ${CAP / 2 ** 20} ` +
            `MiB); its RSS ${baseline.toFixed(0)} → peak ${peakRss.toFixed(0)} MB; the visitor read ` +
            `the page and saved ${visits - WARM_VISITS} times meanwhile; load ` +
            readFileSync('/proc/loadavg', 'utf8').trim(),
        );

        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(line.maxBytes).toBe(CAP);
        // Past the cap only by answers to writes or of at most 16 KiB, sent anyway: the visitor's.
        expect(peakHeld).toBeLessThanOrEqual(CAP + 2 ** 20);
        expect(outcomes.cut).toBeGreaterThan(0);
        // Every socket the server counts as cut is one whose answer stopped short, and back.
        expect(lines.reduce((sum, line) => sum + line.cut, 0)).toBe(outcomes.cut);
        expect(peakRss - baseline).toBeLessThanOrEqual(CAP / 2 ** 20 + SLACK_MB);
        expect(visits).toBeGreaterThan(WARM_VISITS);
      } finally {
        for (const reader of attackers) reader.socket.destroy();
        await server.stop();
        await target.cleanup();
      }
    },
  );
});
