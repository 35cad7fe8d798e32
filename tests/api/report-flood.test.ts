/**
 * A flood of reports against the owner's webhook, through the real server on both databases.
 *
 * - 500 reports from 24 networks at once (25 addresses, each its 20 an hour) while the receiver
 *   takes 2 s to answer each post, with the notifier's default timings: a few digests that add up
 *   to 500, at most one every 30 s after the first; community hiding stops at
 *   REPORTS_HIDE_PER_HOUR (10) and the owner is told it is paused, and why. Prints each digest's
 *   time, reports, signatures and bytes.
 * - A restart in the middle of a backlog loses nothing and repeats nothing; a digest claimed by a
 *   process that died goes out once its lease runs out.
 * - Two server processes on one PostgreSQL never post at the same time, nor the same reports twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/log.ts';
import { DEFAULT_MIN_GAP_MS } from '../../server/reports/report-notifier.ts';
import {
  backends,
  clientFrom,
  makeClient,
  startServer,
  type AddressedClient,
  type ServerOptions,
  type TestServer,
  signWith,
} from './harness.ts';
import { reportsDelivered, startReceiver, until, type Receiver } from './report-receiver.ts';

const SERVICE_KEY = 'sk_test_report_flood_0123456789abcdefghijklm';

/** Clients 127.0.N.1 for N in `networks`, and extra addresses in the last network. */
function clientsOf(server: TestServer, networks: number, extra = 0): AddressedClient[] {
  const clients: AddressedClient[] = [];
  for (let n = 0; n < networks; n++) clients.push(clientFrom(server, `127.0.${100 + n}.1`));
  for (let i = 0; i < extra; i++) {
    clients.push(clientFrom(server, `127.0.${100 + networks - 1}.${2 + i}`));
  }
  return clients;
}

describe.each(backends)('a flood of reports on $name', (backend) => {
  let hook: Receiver;
  beforeAll(async () => {
    hook = await startReceiver();
  });
  afterAll(() => hook?.close());

  it('500 reports from 24 networks, a receiver answering in 2 s: a few digests that add up to 500; at most 10 hidden, and the owner told why', async () => {
    hook.received.length = 0;
    hook.answer = () => ({ delayMs: 2000 });
    const target = await backend.createTarget();
    let logText = '';
    const server = await startServer(target, {
      app: {
        serviceRoleKey: SERVICE_KEY,
        publicUrl: 'https://wall.example',
        reportWebhook: { url: hook.url },
        reportsToHide: 3,
        reportsHidePerHour: 10,
        logger: createLogger('info', { write: (line: string) => void (logText += line) }),
      },
    });
    // 25 addresses: 24 networks, the last with two addresses (they count as one network).
    const clients = clientsOf(server, 24, 1);
    try {
      // Report j goes to signature ⌊j/3⌋ from client j mod 25: three different clients per
      // signature, so the third report, its last, is the one that may hide it.
      const ids: number[] = [];
      for (let i = 0; i < 168; i++) ids.push(await signWith(server.client));
      const started = performance.now();
      const statuses = await Promise.all(
        clients.map(async (client, c) => {
          const answers: number[] = [];
          for (let j = c; j < 500; j += clients.length) {
            const { status } = await client.client.rpc('report_signature', {
              signature_id: ids[Math.floor(j / 3)],
              reason: j % 2 ? 'spam' : 'offensive',
              note: `flood ${j}`,
            });
            answers.push(status);
          }
          return answers;
        }),
      );
      const reported = performance.now();
      expect(statuses.flat().filter((status) => status === 204)).toHaveLength(500);

      await until(() => reportsDelivered(hook) === 500);
      const digests = hook.received;
      console.log(
        `${backend.name}: 500 reports taken in ${(reported - started).toFixed(0)} ms; ` +
          `${digests.length} digests (receiver answers each in 2 s):\n` +
          digests
            .map(
              (post, i) =>
                `  #${i + 1} at +${((post.at - started) / 1000).toFixed(1)} s: ` +
                `${String(post.body.reports)} reports on ${String(post.body.signatures)} signatures, ` +
                `${post.bytes} bytes, text ${(post.body.text as string).length} chars: ` +
                `"${(post.body.text as string).split('\n')[0]}"`,
            )
            .join('\n'),
      );
      expect(reportsDelivered(hook)).toBe(500);
      expect(digests.every((post) => post.status === 200)).toBe(true);
      // At most one digest every 30 s after the first: a few messages, whatever the flood's length.
      for (let i = 1; i < digests.length; i++) {
        expect(digests[i]!.at - digests[i - 1]!.at).toBeGreaterThanOrEqual(DEFAULT_MIN_GAP_MS);
      }
      expect(hook.maxInFlight).toBe(1);

      // The budget held: 10 hidden by reports, the owner told it is paused, and why.
      const service = makeClient(server.url, SERVICE_KEY);
      const hidden = await service.from('signatures').select('id').eq('hidden', true);
      expect(hidden.data).toHaveLength(10);
      const hiddenByReports = digests.reduce(
        (sum, post) => sum + Number(post.body.hidden_by_reports),
        0,
      );
      expect(hiddenByReports).toBe(10);
      const told = digests.find((post) => post.body.community_hiding_paused === true);
      expect(told?.body.text).toContain('community hiding paused');
      expect(told?.body.text).toContain(
        'hidden by reports in the last hour, the most REPORTS_HIDE_PER_HOUR allows (10)',
      );
      const status = await service.rpc('community_hiding_status');
      expect(status.data).toEqual([
        expect.objectContaining({ hides_per_hour: 10, hidden_last_hour: 10, paused: true }),
      ]);
      expect(logText).not.toContain('secret-token-xyz');
    } finally {
      for (const client of clients) client.close();
      await server.stop();
      await target.cleanup();
    }
  }, 300_000);

  it('a restart in the middle of a backlog loses nothing and repeats nothing', async () => {
    hook.received.length = 0;
    let answerFirst = () => {};
    const first = new Promise<void>((resolve) => (answerFirst = resolve));
    hook.answer = () => (hook.received.length === 1 ? { hold: first } : {});
    const target = await backend.createTarget();
    const options: ServerOptions = {
      app: {
        reportWebhook: {
          url: hook.url,
          timeoutMs: 60_000,
          gatherMs: 100,
          minGapMs: 200,
          pollMs: 500,
        },
      },
    };
    let server = await startServer(target, options);
    let clients = clientsOf(server, 10);
    const ids: number[] = [];
    try {
      for (let i = 0; i < 16; i++) ids.push(await signWith(server.client));
      // Report j: client j mod 10 reports signature ⌊j/10⌋, each pair once.
      const report = async (from: number, to: number) => {
        for (let j = from; j < to; j++) {
          const { status } = await clients[j % 10]!.client.rpc('report_signature', {
            signature_id: ids[Math.floor(j / 10)],
            reason: 'spam',
          });
          expect(status).toBe(204);
        }
      };
      await report(0, 10);
      // The first digest is under way (held by the receiver): 140 more reports wait meanwhile.
      await until(() => hook.received.length === 1);
      await report(10, 150);
      // Stopping waits for that answer and settles its digest; the 140 stay in the database.
      const stopped = server.stop();
      answerFirst();
      await stopped;
      const beforeRestart = reportsDelivered(hook);
      expect(hook.received).toHaveLength(1);
      expect(beforeRestart).toBeLessThanOrEqual(10);
      for (const client of clients) client.close();

      server = await startServer(target, options);
      clients = clientsOf(server, 10);
      await until(() => reportsDelivered(hook) >= 150);
      // Give a repeat the time to show up before counting.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(reportsDelivered(hook)).toBe(150);

      // A digest claimed by a process that died (it never finishes it) goes out after its lease.
      // The notifier is kept back a second, so that the claim here is the one that takes them.
      await server.db.transaction((tx) =>
        tx.query("update signwall.report_notifier set retry_at = now() + interval '1 second'"),
      );
      await report(150, 155);
      const [dead] = await server.db.transaction(async (tx) => {
        await tx.query('update signwall.report_notifier set retry_at = null');
        return tx.query<{ digest_id: string | null }>(
          'select * from signwall.claim_report_digest(1500, 0, 0)',
        );
      });
      expect(dead!.digest_id).not.toBeNull();
      await until(() => reportsDelivered(hook) === 155);
      expect(hook.received.at(-1)!.body.reports).toBe(5);
    } finally {
      answerFirst();
      for (const client of clients) client.close();
      await server.stop();
      await target.cleanup();
    }
  }, 120_000);

  // PGlite has one opener: two processes share only PostgreSQL.
  if (backend.name !== 'postgres') return;
  it('two server processes on one database post one digest at a time, each report once', async () => {
    hook.received.length = 0;
    hook.maxInFlight = 0;
    hook.answer = () => ({ delayMs: 300 });
    const target = await backend.createTarget();
    const options: ServerOptions = {
      app: { reportWebhook: { url: hook.url, gatherMs: 50, minGapMs: 100, pollMs: 200 } },
    };
    const servers = [await startServer(target, options), await startServer(target, options)];
    const clients = servers.flatMap((server, s) =>
      Array.from({ length: 5 }, (_, n) => clientFrom(server, `127.0.${140 + s * 5 + n}.1`)),
    );
    try {
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) ids.push(await signWith(servers[i % 2]!.client));
      await Promise.all(
        clients.map(async (client, c) => {
          for (let k = 0; k < 10; k++) {
            const { status } = await client.client.rpc('report_signature', {
              signature_id: ids[(c + k * 3) % 20],
              reason: 'other',
            });
            expect(status).toBe(204);
          }
        }),
      );
      await until(() => reportsDelivered(hook) >= 100);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(reportsDelivered(hook)).toBe(100);
      expect(hook.maxInFlight).toBe(1);
      console.log(`two processes: 100 reports in ${hook.received.length} digests`);
    } finally {
      for (const client of clients) client.close();
      for (const server of servers) await server.stop();
      await target.cleanup();
    }
  }, 60_000);
});
