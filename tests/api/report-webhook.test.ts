/**
 * REPORT_WEBHOOK_URL through the real server: reports reach a local HTTP receiver as JSON digests
 * (reports/report-notifier.ts), never delaying the visitor's answer. A lone report keeps the fields
 * it always had; what is posted is the note as the database stored it, made inert for chat apps; a
 * receiver that refuses, asks to wait or hangs gets the same reports again later, nothing lost; and
 * the log never holds the hook's URL (Slack's and Discord's carry their secret in it). Short gather
 * and gap times here; report-flood.test.ts measures the defaults.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/log.ts';
import {
  backends,
  clientFrom,
  startServer,
  type AddressedClient,
  type Target,
  type TestServer,
  signWith,
} from './harness.ts';
import { SECRET_PATH, startReceiver, until, type Receiver } from './report-receiver.ts';

const PHISHING = '[Your wall was hacked, log in here](https://phish.example/login)';

describe.each(backends)('report webhook on $name', (backend) => {
  let hook: Receiver;
  let logText = '';
  const ctx = {} as { server: TestServer; target: Target };
  // Each from a network of its own (127.0.N.1), so two of them hide a signature.
  let visitors: AddressedClient[] = [];

  beforeAll(async () => {
    hook = await startReceiver();
    ctx.target = await backend.createTarget();
    ctx.server = await startServer(ctx.target, {
      app: {
        publicUrl: 'https://wall.example/',
        logger: createLogger('info', { write: (line: string) => void (logText += line) }),
        reportWebhook: { url: hook.url, timeoutMs: 1500, gatherMs: 100, minGapMs: 300 },
        // So the second report of a signature hides it, and its post says so.
        reportsToHide: 2,
      },
    });
    visitors = Array.from({ length: 8 }, (_, i) => clientFrom(ctx.server, `127.0.${60 + i}.1`));
  });
  afterAll(async () => {
    for (const visitor of visitors) visitor.close();
    await ctx.server?.stop();
    await ctx.target?.cleanup();
    await hook?.close();
  });
  beforeEach(() => {
    hook.answer = () => ({});
  });

  const sign = () => signWith(ctx.server.client);
  const report = (visitor: number, id: number, reason = 'spam', note?: string) =>
    visitors[visitor]!.client.rpc('report_signature', { signature_id: id, reason, note });

  it('a lone report: id, reason, note, count, hidden, a link to it on /moderate, one line', async () => {
    const id = await sign();
    const first = await report(0, id, 'personal_information', 'my phone number');
    expect(first.status).toBe(204);
    await until(() => hook.received.length === 1);
    const [post] = hook.received;
    expect(post!.path).toBe(SECRET_PATH);
    expect(post!.type).toBe('application/json');
    const line =
      `Signature #${id} reported as personal_information (1 report): ` +
      `\`my phone number\` https://wall.example/moderate#id=${id}`;
    expect(post!.body).toEqual({
      signature_id: id,
      reason: 'personal_information',
      note: 'my phone number',
      report_count: 1,
      hidden: false,
      link: `https://wall.example/moderate#id=${id}`,
      reports: 1,
      signatures: 1,
      hidden_by_reports: 0,
      community_hiding_paused: false,
      waiting_for_you: 0,
      first_report_at: expect.any(String),
      last_report_at: expect.any(String),
      text: line,
      content: line,
      allowed_mentions: { parse: [] },
    });
    // The second network's report hides it, and the next post says so.
    await report(1, id, 'spam');
    await until(() => hook.received.length === 2);
    expect(hook.received[1]!.body).toMatchObject({
      signature_id: id,
      report_count: 2,
      note: null,
      hidden: true,
      text: `Signature #${id} reported as spam (2 reports, now hidden) https://wall.example/moderate#id=${id}`,
    });
  });

  it('a refused report posts nothing; what is posted accounts for the reports taken', async () => {
    const before = hook.received.length;
    const id = await sign();
    await report(2, id);
    expect((await report(2, id)).status).toBe(409);
    expect((await report(2, id, 'x')).status).toBe(400);
    await until(() => hook.received.length === before + 1);
    // Another report's post arriving after theirs shows they were never queued.
    await report(3, id);
    await until(() => hook.received.length === before + 2);
    expect(hook.received.slice(before).map((post) => post.body.reports)).toEqual([1, 1]);
    expect(hook.received.at(-1)!.body.report_count).toBe(2);
  });

  it('posts the note as stored, with a phishing link, mentions and a right-to-left override made inert', async () => {
    const before = hook.received.length;
    const id = await sign();
    const note = `\u202E${PHISHING} <@123> @everyone`;
    expect((await report(4, id, 'other', note)).status).toBe(204);
    await until(() => hook.received.length === before + 1);
    const post = hook.received.at(-1)!;
    const inert =
      '[Your wall was hacked, log in here]\u200b(hxxps[:]//phish[.]example/login) <\u200b@\u200b123> @\u200beveryone';
    expect(post.body.note).toBe(inert);
    expect(post.body.content).toContain(`\`${inert}\``);
    expect(post.body.text).toContain(
      '`[Your wall was hacked, log in here]\u200b(hxxps[:]//phish[.]example/login) &lt;\u200b@\u200b123&gt; @\u200beveryone`',
    );
    // Nowhere in the body: a live link, a masked link, a mention or the override.
    expect(post.raw).not.toMatch(/https?:\/\/phish|phish\.example|\]\(|<@1|@everyone|\u202E/);
    // The database stored the note without the override; that is what went out.
    const [stored] = await ctx.server.db.transaction((tx) =>
      tx.query<{ note: string }>('select note from signwall.reports where signature_id = $1', [id]),
    );
    expect(stored!.note).toBe(`${PHISHING} <@123> @everyone`);
  });

  it('a receiver that refuses or asks to wait gets the same reports again, with backoff, until it takes them', async () => {
    const before = hook.received.length;
    let refusals = 0;
    hook.answer = () => {
      refusals++;
      if (refusals === 1) return { status: 500 };
      if (refusals === 2) return { status: 429, headers: { 'Retry-After': '1' } };
      if (refusals === 3) return { status: 503 };
      return {};
    };
    const ids = [await sign(), await sign(), await sign()];
    for (const id of ids) expect((await report(5, id)).status).toBe(204);
    await until(() => hook.received.slice(before).some((post) => post.status === 200));
    const posts = hook.received.slice(before);
    expect(posts.map((post) => post.status)).toEqual([500, 429, 503, 200]);
    // Nothing leaves the queue before a post is taken: the one taken carries all three reports.
    expect(posts.at(-1)!.body.reports).toBe(3);
    expect(logText).toContain('refused (500); next try in 1 s');
    expect(logText).toContain('refused (429); next try in 1 s');
    // After two failures the database's backoff is 4 s.
    expect(logText).toContain('refused (503); next try in 4 s');
  }, 30_000);

  it('a receiver that hangs delays no answer; the post times out and the reports go again', async () => {
    const before = hook.received.length;
    let hung = false;
    hook.answer = () => {
      if (hung) return {};
      hung = true;
      return { hang: true };
    };
    const ids = [await sign(), await sign(), await sign(), await sign()];
    const started = performance.now();
    for (const id of ids) expect((await report(6, id)).status).toBe(204);
    const ms = performance.now() - started;
    await until(() => hook.received.length === before + 1);
    console.log(`4 reports answered in ${ms.toFixed(0)} ms while the hook hung`);
    await until(() => hook.received.slice(before).some((post) => post.status === 200));
    await until(() => logText.includes('not delivered (TimeoutError'));
    const posts = hook.received.slice(before);
    expect(posts[0]!.status).toBe('none');
    // The hung post's reports arrived in the next one.
    const delivered = posts.filter((post) => post.status === 200);
    expect(delivered.reduce((sum, post) => sum + Number(post.body.reports), 0)).toBe(4);
  }, 30_000);

  it('never logs the hook URL', () => {
    expect(logText).toContain('webhook:');
    expect(logText).not.toContain('secret-token-xyz');
  });
});
