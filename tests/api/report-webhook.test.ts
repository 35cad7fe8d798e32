/**
 * REPORT_WEBHOOK_URL through the real server: each report is POSTed to a local HTTP listener as
 * JSON, in the background. A hook that hangs never delays the visitor's answer, a hook that refuses
 * is logged, at most `maxInFlight` posts are under way (the rest dropped and logged), and the log
 * never holds the hook's URL (Slack's and Discord's carry their secret in it).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const SECRET_PATH = '/hooks/T000/B000/secret-token-xyz';
// Long enough that both hanging posts are still under way while four reports are answered (about
// 85 ms at load 10), short enough that the test does not wait long for them to time out.
const TIMEOUT_MS = 2000;

type Behaviour = 'answer' | 'refuse' | 'hang';

interface Hook {
  url: string;
  behaviour: Behaviour;
  received: { path: string; type: string | undefined; body: unknown }[];
  hanging: ServerResponse[];
  server: Server;
}

async function startHook(): Promise<Hook> {
  const hook = { behaviour: 'answer', received: [], hanging: [] } as unknown as Hook;
  hook.server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      hook.received.push({
        path: request.url ?? '',
        type: request.headers['content-type'],
        body: JSON.parse(text) as unknown,
      });
      if (hook.behaviour === 'hang') hook.hanging.push(response);
      else response.writeHead(hook.behaviour === 'refuse' ? 500 : 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', resolve));
  const { port } = hook.server.address() as AddressInfo;
  hook.url = `http://127.0.0.1:${port}${SECRET_PATH}`;
  return hook;
}

/** Waits, polling, until `done()` holds; the test's own timeout bounds it. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.each(backends)('report webhook on $name', (backend) => {
  let hook: Hook;
  let logText = '';
  const ctx = {} as { server: TestServer; target: Target };
  let visitors: AddressedClient[] = [];

  beforeAll(async () => {
    hook = await startHook();
    ctx.target = await backend.createTarget();
    ctx.server = await startServer(ctx.target, {
      app: {
        publicUrl: 'https://wall.example/',
        logger: createLogger('info', { write: (line: string) => void (logText += line) }),
        reportWebhook: { url: hook.url, timeoutMs: TIMEOUT_MS, maxInFlight: 2 },
        // So the second report of a signature hides it, and its post says so.
        reportsToHide: 2,
      },
    });
    visitors = Array.from({ length: 6 }, (_, i) => clientFrom(ctx.server, `127.0.0.${60 + i}`));
  });
  afterAll(async () => {
    for (const visitor of visitors) visitor.close();
    await ctx.server?.stop();
    await ctx.target?.cleanup();
    for (const response of hook?.hanging ?? []) response.destroy();
    await new Promise((resolve) => hook?.server.close(resolve));
  });

  const sign = () => signWith(ctx.server.client);

  it('posts each report as JSON: id, reason, note, count, hidden, a link to /moderate, one line', async () => {
    hook.behaviour = 'answer';
    const id = await sign();
    const { status } = await visitors[0]!.client.rpc('report_signature', {
      signature_id: id,
      reason: 'personal_information',
      note: 'my phone number <!channel> @everyone',
    });
    expect(status).toBe(204);
    await visitors[1]!.client.rpc('report_signature', { signature_id: id, reason: 'spam' });
    await until(() => hook.received.length >= 2);
    const [first, second] = hook.received as {
      path: string;
      type: string;
      body: Record<string, unknown>;
    }[];
    expect(first!.path).toBe(SECRET_PATH);
    expect(first!.type).toBe('application/json');
    const line =
      `Signature #${id} reported as personal_information (1 report): ` +
      `"my phone number &lt;!channel&gt; @\u200beveryone" https://wall.example/moderate#id=${id}`;
    expect(first!.body).toEqual({
      signature_id: id,
      reason: 'personal_information',
      note: 'my phone number <!channel> @everyone',
      report_count: 1,
      hidden: false,
      link: `https://wall.example/moderate#id=${id}`,
      text: line,
      content: line,
    });
    expect(second!.body).toMatchObject({
      signature_id: id,
      report_count: 2,
      note: null,
      hidden: true,
      text: `Signature #${id} reported as spam (2 reports, now hidden) https://wall.example/moderate#id=${id}`,
    });
  });

  it('a refused or failing report posts nothing', async () => {
    const before = hook.received.length;
    const id = await sign();
    await visitors[2]!.client.rpc('report_signature', { signature_id: id, reason: 'spam' });
    await until(() => hook.received.length === before + 1);
    const again = await visitors[2]!.client.rpc('report_signature', {
      signature_id: id,
      reason: 'spam',
    });
    expect(again.status).toBe(409);
    const bad = await visitors[2]!.client.rpc('report_signature', {
      signature_id: id,
      reason: 'x',
    });
    expect(bad.status).toBe(400);
    // Another report's post arriving after them shows theirs were never sent.
    await visitors[3]!.client.rpc('report_signature', { signature_id: id, reason: 'spam' });
    await until(() => hook.received.length === before + 2);
    expect((hook.received.at(-1)!.body as { report_count: number }).report_count).toBe(2);
  });

  it('a hook that refuses is logged, the report answered as usual', async () => {
    hook.behaviour = 'refuse';
    const id = await sign();
    const { status } = await visitors[4]!.client.rpc('report_signature', {
      signature_id: id,
      reason: 'offensive',
    });
    expect(status).toBe(204);
    await until(() => logText.includes('webhook: report refused (500)'));
  });

  it('a hook that hangs delays no answer; at most 2 posts are under way, the rest dropped', async () => {
    hook.behaviour = 'hang';
    const before = hook.received.length;
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await sign());
    const started = performance.now();
    for (const id of ids) {
      const { status } = await visitors[5]!.client.rpc('report_signature', {
        signature_id: id,
        reason: 'spam',
      });
      expect(status).toBe(204);
    }
    const ms = performance.now() - started;
    await until(() => hook.received.length === before + 2);
    // Answered while both posts still hang (they time out after TIMEOUT_MS).
    expect(hook.hanging.filter((response) => !response.writableEnded)).toHaveLength(2);
    console.log(`4 reports answered in ${ms.toFixed(0)} ms while the hook hung`);
    expect(logText.match(/webhook: report dropped/g)?.length).toBe(2);
    await until(() => (logText.match(/webhook: report not delivered/g)?.length ?? 0) >= 2);
    expect(hook.received.length).toBe(before + 2);
  });

  it('never logs the hook URL', () => {
    expect(logText).toContain('webhook:');
    expect(logText).not.toContain('secret-token-xyz');
  });
});
