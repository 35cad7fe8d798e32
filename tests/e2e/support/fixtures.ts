/**
 * Playwright fixtures. Every test starts on an empty wall (saved signatures block drawing, so tests
 * must not see each other's walls), plus helpers that seed and read the wall through the real data
 * API, exactly as a visitor's browser would reach it.
 *
 * One server per worker serves every test that needs no environment of its own: it starts once, on
 * a copy of an already migrated database, and before each test the owner's service key deletes every
 * row (hidden ones too). That is all a test could leave behind in it: the read cache is tagged with
 * the table's version, which the delete moves, and the flood limit is off on this server, so there
 * are no counters. Ids keep counting up across tests, so no test may rely on an absolute id. A test
 * that sets `serverEnv` to anything the shared server does not run with gets its own server, started
 * for it and stopped after it.
 */
import { test as base } from '@playwright/test';
import { expect } from './expect.ts';
import { SERVICE_ROLE_KEY } from './moderation.ts';
import { startTestServer, type TestServer } from './server.ts';

export interface SeedSignature {
  /** Strokes in wall coordinates. */
  strokes: number[][][];
  caption?: string | null;
}

export interface SeededRow {
  id: number;
  signature: string;
  caption: string | null;
  created_at: string;
}

export interface WallServer {
  /** The server's base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  /** Saves a signature through the data API (POST /rest/v1/signatures) and returns the row. */
  seed(signature: SeedSignature): Promise<SeededRow>;
  /** Saves raw `signature` text (e.g. legacy or unparseable records) bypassing nothing: the API decides. */
  seedRaw(signature: string, caption?: string | null): Promise<Response>;
  /** Every row, as the API returns them. */
  rows(): Promise<SeededRow[]>;
  server: TestServer;
}

export const ANON_KEY = 'sb_publishable_signwall_local';
const headers = { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` };

/** The shared server's environment: the service key lets it be emptied between tests. */
const SHARED_ENV: Readonly<Record<string, string>> = { SERVICE_ROLE_KEY };

/** Whether a test's `serverEnv` is already what the shared server runs with. */
function sharedServerFits(env: Record<string, string>): boolean {
  return Object.entries(env).every(([name, value]) => SHARED_ENV[name] === value);
}

/** The worker's server, started on first use (and again if a test stopped it or it died). */
class SharedServer {
  #server: Promise<TestServer> | undefined;

  /** True when the next `emptied()` will have to start the process. */
  get starting(): boolean {
    return this.#server === undefined;
  }

  async emptied(): Promise<TestServer> {
    let server = await (this.#server ??= startTestServer({ ...SHARED_ENV }));
    if (server.process.exitCode !== null || server.process.signalCode !== null) {
      await server.stop(); // removes its data dir
      this.#server = startTestServer({ ...SHARED_ENV });
      server = await this.#server;
    }
    await deleteEveryRow(server.url);
    return server;
  }

  async stop(): Promise<void> {
    if (this.#server) await (await this.#server).stop();
  }
}

/** DELETE every row as the owner would (a filter is required; every id is ≥ 0). */
async function deleteEveryRow(url: string): Promise<void> {
  const res = await fetch(`${url}/rest/v1/signatures?id=gte.0`, {
    method: 'DELETE',
    headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
  });
  if (res.status !== 204)
    throw new Error(`emptying the wall failed: ${res.status} ${await res.text()}`);
}

export const test = base.extend<
  { wall: WallServer; serverEnv: Record<string, string> },
  { sharedServer: SharedServer }
>({
  /** Extra environment for this test's server (`test.use({ serverEnv: { MAX_ROWS: '3' } })`). */
  serverEnv: [{}, { option: true }],
  sharedServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const shared = new SharedServer();
      await provide(shared);
      await shared.stop();
    },
    { scope: 'worker' },
  ],
  wall: async ({ serverEnv, sharedServer }, provide, testInfo) => {
    const own = !sharedServerFits(serverEnv);
    // A server start (migrated database copy, process start) can take seconds on a busy 2-core
    // machine: it gets its own minute on top of the test's time.
    if (own || sharedServer.starting) testInfo.setTimeout(testInfo.timeout + 60_000);
    const server = own ? await startTestServer(serverEnv) : await sharedServer.emptied();
    const seedRaw = (signature: string, caption: string | null = null) =>
      fetch(`${server.url}/rest/v1/signatures?select=*`, {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
        },
        body: JSON.stringify({ signature, caption }),
      });
    const wall: WallServer = {
      url: server.url,
      server,
      seedRaw,
      async seed({ strokes, caption = null }) {
        const res = await seedRaw(JSON.stringify(strokes), caption);
        const body = await res.text();
        if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${body}`);
        return (JSON.parse(body) as SeededRow[])[0]!;
      },
      async rows() {
        const res = await fetch(
          `${server.url}/rest/v1/signatures?select=*&order=created_at.asc,id.asc`,
          { headers },
        );
        return (await res.json()) as SeededRow[];
      },
    };
    await provide(wall);
    if (own) await server.stop();
  },
});

export { expect };
