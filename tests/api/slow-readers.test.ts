/**
 * A client that does not take its answers must not hold the server's memory. Every answer
 * handed to a socket stays in the server until the client reads it (Node copies a string body into
 * the socket's queue), so 64 sockets asking for a 6 MB page and reading nothing held ~690 MB. Now a
 * client gets a new answer only while what it has not taken is under its budget (here 8 MiB); past
 * it, a 503 with Retry-After, and once it reads, answers come again.
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { filledBox, heaviest, type HeavySignature } from '../support/heaviest.ts';
import { backends, useServer, type TestServer } from './harness.ts';

const BUDGET = 8 * 1024 * 1024;
const HEAVY_ROWS = 130;
// Far past what loopback's socket buffers take from a reader that reads nothing (about 4 MB).
const PAGE = `/rest/v1/signatures?select=*&order=id.asc&limit=1000`;

/**
 * As much as one signature may store on the wall it covers: a 150 px box filled by one stroke,
 * padded with points and a caption up to the weight rule's bytes for its nodes (~40 KB), in a
 * 190 px cell of its own.
 */
function heavySignature(cell: number): HeavySignature {
  const x0 = 20 + (cell % 16) * 190;
  const y0 = 20 + Math.floor(cell / 16) * 190;
  return heaviest(filledBox(x0, y0, 150, 150));
}

interface SlowReader {
  socket: Socket;
  /** The answer's status line, from its first bytes; the reader then stops reading. */
  status: Promise<string>;
  /** Reads the rest of the answer and resolves once the server has sent all of it. */
  readAll(): Promise<void>;
}

/** Asks for `path` without compression and reads only the answer's first bytes. */
function slowRead(server: TestServer, path: string): SlowReader {
  const { hostname, port } = new URL(server.url);
  const socket = connect({ host: hostname, port: Number(port) });
  socket.on('error', () => {});
  let received = 0;
  let length = Infinity;
  let gotStatus = (_line: string) => {};
  let gotAll = () => {};
  const status = new Promise<string>((resolve) => (gotStatus = resolve));
  const complete = new Promise<void>((resolve) => (gotAll = resolve));
  socket.on('data', (chunk: Buffer) => {
    if (received === 0) {
      // The first bytes: the status line and headers. Then stop reading, as a slow client does.
      socket.pause();
      const text = chunk.toString('latin1');
      const contentLength = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? 0);
      length = text.indexOf('\r\n\r\n') + 4 + contentLength;
      gotStatus(text.slice(0, text.indexOf('\r\n')));
    }
    received += chunk.byteLength;
    if (received >= length) gotAll();
  });
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\napikey: ${server.anonKey}\r\n` +
      `Accept-Encoding: identity\r\n\r\n`,
  );
  return {
    socket,
    status,
    readAll: async () => {
      await status;
      socket.resume();
      await complete;
    },
  };
}

describe.each(backends)('a client that does not read its answers on $name', (backend) => {
  const ctx = useServer(backend, { app: { httpLimits: { maxUnsentBytesPerAddress: BUDGET } } });

  it(
    'gets a 503 past its budget of unsent bytes, and answers again once it reads',
    { timeout: 120_000 },
    async () => {
      const { server } = ctx;
      const started = performance.now();
      for (let cell = 0; cell < HEAVY_ROWS; cell++) {
        const { signature, caption } = heavySignature(cell);
        const { error } = await server.client.from('signatures').insert({ signature, caption });
        expect(error).toBeNull();
      }
      const size = (await (await server.fetch(PAGE)).arrayBuffer()).byteLength;
      console.log(
        `slow readers on ${backend.name}: a page is ${(size / 2 ** 20).toFixed(1)} MiB ` +
          `(${HEAVY_ROWS} rows saved in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      expect(size).toBeGreaterThan(BUDGET / 2);

      const first = slowRead(server, PAGE);
      expect(await first.status).toBe('HTTP/1.1 200 OK');
      const second = slowRead(server, PAGE);
      expect(await second.status).toBe('HTTP/1.1 503 Service Unavailable');
      await second.readAll();

      await first.readAll(); // the client takes its answer: its budget is free again
      const third = slowRead(server, PAGE);
      expect(await third.status).toBe('HTTP/1.1 200 OK');
      await third.readAll();
      for (const reader of [first, second, third]) reader.socket.destroy();
    },
  );
});
