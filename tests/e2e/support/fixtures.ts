/**
 * Playwright fixtures. Every test gets its own server on a fresh database (saved signatures block
 * drawing, so tests must not see each other's walls), plus helpers that seed and read the wall
 * through the real data API, exactly as a visitor's browser would reach it.
 */
import { test as base, expect } from '@playwright/test';
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

export const test = base.extend<{ wall: WallServer; serverEnv: Record<string, string> }>({
  /** Extra environment for this test's server (`test.use({ serverEnv: { MAX_ROWS: '3' } })`). */
  serverEnv: [{}, { option: true }],
  wall: async ({ serverEnv }, provide) => {
    const server = await startTestServer(serverEnv);
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
    await server.stop();
  },
});

export { expect };
