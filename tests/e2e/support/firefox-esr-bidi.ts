#!/usr/bin/env node
/**
 * Debian's Firefox ESR for Playwright's `moz-firefox` channel (WebDriver BiDi), with a small
 * adapter in between for the two places where Playwright 1.65 expects more of BiDi than Firefox
 * ESR 153 has:
 *
 * - Playwright sends `emulation.setMediaFeaturesOverride` (to emulate `prefers-color-scheme`) with
 *   every new context and page; Firefox ESR has no such command, so every `newPage()` failed with
 *   "unknown command". The adapter answers it with an empty success. The app has no colour-scheme
 *   styles, so nothing is lost.
 * - Playwright ties a download to the `download` id of `browsingContext.downloadWillBegin` (or its
 *   navigation); Firefox ESR sends neither for a download started by a link click (`navigation:
 *   null`), so Playwright dropped the event and `page.waitForEvent('download')` never settled,
 *   although Firefox saved the file. The adapter gives such a download an id, and its
 *   `downloadEnd` the same one (matched by URL: each export is a fresh blob: URL).
 *
 * Everything else passes through untouched, both ways. The script is the Firefox projects'
 * `executablePath`: it starts the real Firefox (`FIREFOX_PATH`) with Playwright's arguments and
 * replaces Firefox's "WebDriver BiDi listening on ws://…" line on stderr, where Playwright reads
 * the endpoint, with the relay's. Playwright kills the whole process group at the end, so Firefox
 * never outlives this script; when Firefox exits, so does this script, with its code.
 */
import { spawn } from 'node:child_process';
import { WebSocket, WebSocketServer, type RawData } from 'ws';

const FIREFOX = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
/** Commands Firefox ESR lacks that Playwright sends regardless; answered here with `{}`. */
const ANSWERED_HERE = new Set(['emulation.setMediaFeaturesOverride']);
const LISTENING = /WebDriver BiDi listening on (ws:\/\/\S+)/;

interface BidiMessage {
  id?: number;
  type?: string;
  method?: string;
  params?: { download?: string; navigation?: string | null; url?: string };
}

const firefox = spawn(FIREFOX, process.argv.slice(2), { stdio: ['ignore', 'inherit', 'pipe'] });
firefox.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
  process.on(signal, () => firefox.kill(signal));

let relayed = false;
let pending = '';
firefox.stderr!.on('data', (chunk: Buffer) => {
  if (relayed) return void process.stderr.write(chunk);
  pending += chunk.toString();
  const lines = pending.split('\n');
  pending = lines.pop()!;
  for (const line of lines) {
    const match = LISTENING.exec(line);
    if (!match || relayed) {
      process.stderr.write(`${line}\n`);
      continue;
    }
    relayed = true;
    void relay(match[1]!).then((port) =>
      process.stderr.write(`WebDriver BiDi listening on ws://127.0.0.1:${port}\n`),
    );
  }
});

/** A WebSocket server on a free loopback port; each connection is paired with one to Firefox. */
async function relay(upstreamBase: string): Promise<number> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (client, request) => {
    const upstream = new WebSocket(upstreamBase.replace(/\/$/, '') + (request.url ?? '/'));
    const fromFirefox = downloadIds();
    // BiDi is text frames only: `ws` hands over Buffers, which it would send as binary frames.
    const early: string[] = [];
    upstream.on('open', () => early.splice(0).forEach((json) => upstream.send(json)));
    upstream.on('message', (data) => client.send(fromFirefox(text(data))));
    upstream.on('close', () => client.close());
    upstream.on('error', () => client.terminate());
    client.on('message', (data) => {
      const json = text(data);
      const answer = answerHere(json);
      if (answer) client.send(answer);
      else if (upstream.readyState === WebSocket.OPEN) upstream.send(json);
      else early.push(json);
    });
    client.on('close', () => upstream.close());
    client.on('error', () => upstream.terminate());
  });
  await new Promise((resolve) => server.once('listening', resolve));
  return (server.address() as { port: number }).port;
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString();
  return data instanceof ArrayBuffer ? Buffer.from(data).toString() : data.toString();
}

function answerHere(json: string): string | null {
  const message = JSON.parse(json) as BidiMessage;
  if (message.id === undefined || !ANSWERED_HERE.has(message.method ?? '')) return null;
  return JSON.stringify({ type: 'success', id: message.id, result: {} });
}

/** Gives Firefox's download events without `download` or `navigation` an id, by URL. */
function downloadIds(): (json: string) => string {
  const idByUrl = new Map<string, string>();
  let next = 0;
  return (json) => {
    if (!json.includes('"browsingContext.download')) return json;
    const message = JSON.parse(json) as BidiMessage;
    const params = message.params;
    if (message.type !== 'event' || !params?.url || params.download || params.navigation)
      return json;
    if (message.method === 'browsingContext.downloadWillBegin') {
      params.download = `firefox-esr-download-${++next}`;
      idByUrl.set(params.url, params.download);
    } else if (message.method === 'browsingContext.downloadEnd') {
      params.download = idByUrl.get(params.url);
      idByUrl.delete(params.url);
    }
    return JSON.stringify(message);
  };
}
