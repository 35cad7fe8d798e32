/**
 * Shared by the rules, fuzz, race and durability API tests: raw POSTs, the table as the owner sees
 * it, and signatures placed on a grid so that they never overlap one another.
 */
import type { TestServer } from './harness.ts';

export interface Answer {
  status: number;
  /** The parsed JSON body, or the raw text when it is not JSON (or null when empty). */
  body: unknown;
}

export interface ErrorBody {
  code: string | null;
  message: string;
  details: string | null;
  hint: string | null;
}

export const INSERT_PATH = `/rest/v1/signatures?select=*`;

/** POST a raw body as supabase-js would (Prefer: return=representation), any content type. */
export async function postRaw(
  server: TestServer,
  body: string | Blob,
  contentType = 'application/json',
  path = INSERT_PATH,
): Promise<Answer> {
  const res = await server.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': contentType, Prefer: 'return=representation' },
    body,
  });
  const text = await res.text();
  let parsed: unknown = text === '' ? null : text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed };
}

export interface StoredRow {
  id: number;
  signature: string;
  caption: string | null;
}

/** Every row as the owner sees it (no row cap, no RLS), in id order. */
export async function tableRows(server: TestServer): Promise<StoredRow[]> {
  const rows = await server.db.transaction((tx) =>
    tx.query<StoredRow>('select id, signature, caption from public.signatures order by id'),
  );
  // pg returns bigint as a string, PGlite as a number.
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * A small signature in grid cell `n`: cells are 100 wall pixels apart and a signature spans 40, so
 * outlines (padded by 10) stay 40 apart and no two cells ever overlap. 32 × 32 cells fit the wall.
 */
export function cellSignature(n: number, offset: { x: number; y: number } = { x: 0, y: 0 }) {
  const x = offset.x + (n % 32) * 100 + 20;
  const y = offset.y + Math.floor(n / 32) * 100 + 20;
  return JSON.stringify([
    [
      [x, y],
      [x + 40, y + 20],
    ],
    [
      [x + 10, y + 40],
      [x + 30, y + 5],
    ],
  ]);
}

/** A point in [0, 3200] with one decimal, as the client stores pointer positions. */
export function onWall(v: number): number {
  return Math.round(Math.min(3200, Math.max(0, v)) * 10) / 10;
}
