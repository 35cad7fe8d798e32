/**
 * The hostile requests, as data: each is one anonymous request a stranger can send with
 * curl and the public key. `guard` marks the rows only the database's SQL guard can answer (the
 * text inside the signature string, the 800×600 and one-row rules, number formats, overlap cost).
 */
import { connect } from 'node:net';
import type { TestServer } from './harness.ts';

export interface HostileAnswer {
  status: number;
  /** The start of the answer, to say what went wrong when a row fails. */
  text: string;
}

export interface HostileRow {
  name: string;
  /** Only the SQL guard (supabase/migrations) refuses this one. */
  guard?: boolean;
  /** Work before the request that is not part of it (say, filling the wall). */
  prepare?: (server: TestServer) => Promise<void>;
  send: (server: TestServer) => Promise<HostileAnswer>;
}

const INSERT = '/rest/v1/signatures';

export async function post(
  server: TestServer,
  body: string,
  path = INSERT,
): Promise<HostileAnswer> {
  // The row back names its columns: anon may not read them all (`removal_hash`), so `*` is refused.
  const withSelect = path.includes('select=')
    ? path
    : `${path}${path.includes('?') ? '&' : '?'}select=id`;
  const res = await server.fetch(withSelect, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body,
  });
  return { status: res.status, text: (await res.text()).slice(0, 300) };
}

async function get(server: TestServer, path: string): Promise<HostileAnswer> {
  const res = await server.fetch(path);
  return { status: res.status, text: (await res.text()).slice(0, 300) };
}

/**
 * Sends `head` at once, then `drip` one byte every 100 ms, and resolves with whatever the server
 * answered once it closes the connection. A server without a request timeout never closes it: the
 * test's own timeout then fails the row.
 */
export function trickle(server: TestServer, head: string, drip: string): Promise<HostileAnswer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < drip.length && socket.writable) socket.write(drip[sent++]!);
    }, 100);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => {}); // a reset after the answer is fine; 'close' follows
    socket.on('close', () => {
      clearInterval(timer);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status) resolve({ status: Number(status[1]), text: received.slice(0, 300) });
      else reject(new Error(`connection closed without an answer: ${JSON.stringify(received)}`));
    });
  });
}

const nested = (open: string, inner: string, close: string, levels: number) =>
  open.repeat(levels) + inner + close.repeat(levels);

/** `levels` of arrays in all. */
const arrays = (levels: number) => nested('[', '1', ']', levels);

export const NESTING_LEVELS = [4, 9, 64, 1000, 5900, 7000, 100_000];

function nestingRows(): HostileRow[] {
  return NESTING_LEVELS.flatMap((n): HostileRow[] => [
    {
      name: `a body array ${n} levels deep`,
      send: (s) => post(s, arrays(n)),
    },
    {
      name: `a body object ${n} levels deep`,
      // {"signature":{"":{"":…1…}}}: 4 bytes a level, so 100,000 levels still fit under 512 KiB.
      send: (s) => post(s, `{"signature":${nested('{"":', '1', '}', n - 1)}}`),
    },
    {
      name: `a raw JSON value ${n} levels deep as the signature`,
      send: (s) => post(s, `{"signature":${arrays(n)}}`),
    },
    {
      name: `a raw JSON value ${n} levels deep with columns=`,
      send: (s) => post(s, `[{"signature":${arrays(n)}}]`, `${INSERT}?columns=%22signature%22`),
    },
    {
      name: `a signature string ${n} levels deep`,
      // Inside a string the body is flat: only the database sees these levels.
      guard: n > 64,
      send: (s) => post(s, JSON.stringify({ signature: arrays(n) })),
    },
  ]);
}

/** Small dots in a grid, never near the free band the follow-up saves use (y ≥ 3000). */
function dotRows(count: number): string {
  const rows: string[] = [];
  for (let k = 0; k < count; k++) {
    const x = 12 + (k % 128) * 25;
    const y = 12 + Math.floor(k / 128) * 25;
    rows.push(`{"signature":"[[[${x},${y}],[${x},${y}]]]"}`);
  }
  return `[${rows.join(',')}]`;
}

/**
 * A grid of small signatures every 40 px over y < 2900: the gaps between outlines are 16 px.
 * Ten columns of the grid per transaction: each of the 5,760 rows passes the guard, and one
 * transaction of them all can outlast PGlite's statement budget on a loaded machine.
 */
async function fillWall(server: TestServer): Promise<void> {
  for (let first = 0; first < 80; first += 10) {
    await server.db.transaction((tx) =>
      tx.exec(`do $$
        begin
          for i in ${first}..${first + 9} loop
            for j in 0..71 loop
              insert into public.signatures(signature)
              values (format('[[[%s,%s],[%s,%s]]]', 20 + 40 * i, 20 + 40 * j, 24 + 40 * i, 24 + 40 * j));
            end loop;
          end loop;
        end $$;`),
    );
  }
}

/**
 * 9,956 points threaded along the horizontal gaps of the filled wall, in one serpentine stroke
 * that turns in the free margins, and whose very last point lands on the last signature. The
 * overlap check used to look at every segment against every signature near it before the
 * 409; now the point limit refuses it first (tests/db/bounded-saves.test.ts covers the costliest
 * shapes the limits allow).
 */
function threadedSignature(): string {
  const points: [number, number][] = [];
  const perRow = 140;
  for (let j = 0; j < 71 && points.length < 9955 - perRow; j++) {
    const y = 42 + 40 * j;
    for (let k = 0; k < perRow; k++) {
      const t = k / (perRow - 1);
      const x = j % 2 === 0 ? 2 + t * 3196 : 3198 - t * 3196;
      points.push([Math.round(x * 10) / 10, y]);
    }
  }
  while (points.length < 9955) points.push(points[points.length - 1]!);
  points.push([3180 + 2, 2860 + 2]);
  return JSON.stringify([points]);
}

function exponentSignature(): string {
  const point = '[1e131071,1e131071]';
  return `[[${Array.from({ length: 25_600 }, () => point).join(',')}]]`;
}

const slowHead = (server: TestServer, length: number) =>
  `POST ${INSERT} HTTP/1.1\r\nHost: localhost\r\napikey: ${server.anonKey}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

export function hostileRows(): HostileRow[] {
  return [
    ...nestingRows().filter((row) => !row.guard),
    // Bodies that are no row
    ...['42', '"x"', 'null', 'true', '[1]', '[[1,2],[3,4]]', '[[[[0,0],[5,5]]]]'].map(
      (body): HostileRow => ({ name: `the body ${body}`, send: (s) => post(s, body) }),
    ),
    {
      name: 'the body 42 with columns=',
      send: (s) => post(s, '42', `${INSERT}?columns=signature`),
    },
    // Answers that would be huge, and columns that are not the table's
    {
      name: 'select=signature×250&limit=1000',
      send: (s) => get(s, `${INSERT}?select=${Array(250).fill('signature').join(',')}&limit=1000`),
    },
    { name: 'select=*,*,*', send: (s) => get(s, `${INSERT}?select=*,*,*`) },
    { name: 'select=ctid,xmin', send: (s) => get(s, `${INSERT}?select=ctid,xmin`) },
    {
      name: 'select=tableoid,cmin,cmax,xmax',
      send: (s) => get(s, `${INSERT}?select=tableoid,cmin,cmax,xmax`),
    },
    { name: 'a filter on xmin', send: (s) => get(s, `${INSERT}?select=id&xmin=gt.0`) },
    { name: 'order=ctid', send: (s) => get(s, `${INSERT}?select=id&order=ctid`) },
    {
      name: 'a save returning ctid',
      send: (s) => post(s, '{"signature":"[[[1,1],[2,2]]]"}', `${INSERT}?select=ctid`),
    },
    // Slow clients
    {
      name: 'a body sent one byte at a time',
      send: (s) => trickle(s, slowHead(s, 200), '{"signature":"' + ' '.repeat(199)),
    },
    {
      name: 'headers sent one byte at a time',
      send: (s) => trickle(s, '', slowHead(s, 2).repeat(4)),
    },
    // What only the SQL guard can refuse
    ...nestingRows().filter((row) => row.guard),
    {
      name: '25,600 points written [1e131071,1e131071]',
      guard: true,
      send: (s) => post(s, JSON.stringify({ signature: exponentSignature() })),
    },
    {
      name: 'a JSON array of 10,500 rows',
      guard: true,
      send: (s) => post(s, dotRows(10_500)),
    },
    {
      name: '9,956 points threaded along the gaps of a full wall',
      guard: true,
      prepare: fillWall,
      send: (s) => post(s, JSON.stringify({ signature: threadedSignature() })),
    },
    {
      name: 'the whole-wall claim',
      guard: true,
      send: (s) => post(s, '{"signature":"[[[0,0],[0,0]],[[3200,3200],[3200,3200]]]"}'),
    },
  ];
}
