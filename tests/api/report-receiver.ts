/**
 * A local HTTP receiver standing in for the owner's chat app (REPORT_WEBHOOK_URL) in the report
 * tests: it records every POST (when it arrived, its bytes, its JSON), answers as the test says (at
 * once, slowly, refusing, asking to retry later, or never), and counts posts under way at once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SECRET_PATH = '/hooks/T000/B000/secret-token-xyz';

export interface Answer {
  status?: number;
  /** How long to wait before answering. */
  delayMs?: number;
  headers?: Record<string, string>;
  /** Never answer (the post times out). */
  hang?: boolean;
  /** Answer once this settles (then after `delayMs`). */
  hold?: Promise<void>;
}

export interface Received {
  /** performance.now() when the whole body had arrived. */
  at: number;
  path: string;
  type: string | undefined;
  bytes: number;
  raw: string;
  body: Record<string, unknown>;
  /** The answer it got. */
  status: number | 'none';
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Decides each answer; default: 200 at once. */
  answer: (post: Received) => Answer;
  /** Most posts that were under way at the same time. */
  maxInFlight: number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  let inFlight = 0;
  const hanging: ServerResponse[] = [];
  const receiver = {
    received: [] as Received[],
    answer: (() => ({})) as Receiver['answer'],
    maxInFlight: 0,
  } as Receiver & { server: Server };
  receiver.server = createServer((request: IncomingMessage, response: ServerResponse) => {
    inFlight++;
    receiver.maxInFlight = Math.max(receiver.maxInFlight, inFlight);
    response.on('close', () => inFlight--);
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const post: Received = {
        at: performance.now(),
        path: request.url ?? '',
        type: request.headers['content-type'],
        bytes: Buffer.byteLength(raw),
        raw,
        body: JSON.parse(raw) as Record<string, unknown>,
        status: 'none',
      };
      receiver.received.push(post);
      const answer = receiver.answer(post);
      if (answer.hang) {
        hanging.push(response);
        return;
      }
      const status = answer.status ?? 200;
      void (answer.hold ?? Promise.resolve()).then(() =>
        setTimeout(() => {
          post.status = status;
          response.writeHead(status, answer.headers).end('ok');
        }, answer.delayMs ?? 0),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}${SECRET_PATH}`;
  receiver.close = async () => {
    for (const response of hanging) response.destroy();
    receiver.server.closeAllConnections();
    await new Promise((resolve) => receiver.server.close(resolve));
  };
  return receiver;
}

/** The reports posts account for (a digest's `reports`), over posts the receiver answered 2xx. */
export function reportsDelivered(receiver: Receiver): number {
  return receiver.received
    .filter((post) => typeof post.status === 'number' && post.status < 300)
    .reduce((sum, post) => sum + Number(post.body.reports), 0);
}

/** Waits, polling, until `done()` holds; the test's own timeout bounds it. */
export async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}
