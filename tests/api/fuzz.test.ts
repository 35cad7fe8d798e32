/**
 * Seeded fuzz of the insert endpoint through the real server: mutated valid signatures, random JSON
 * and random bytes. Every answer is 201 or 4xx (never 5xx, never a hang); every stored row obeys the
 * TypeScript rules and overlaps no earlier row by the TypeScript geometry; every 4xx writes nothing.
 * For (almost) valid signatures the server's answer must be exactly what the TypeScript predicts.
 */
import { describe, expect, it } from 'vitest';
import {
  outlineOf,
  pointInRect,
  segmentMeetsRect,
  type Rect,
  type Stroke,
} from '../../src/domain/geometry.ts';
import { parseStrokes } from '../../src/domain/signature.ts';
import {
  findSignatureProblem,
  MAX_OPEN_BRACKETS,
  MAX_SIGNATURE_TEXT_BYTES,
  normalizeCaption,
} from '../../src/domain/new-signature.ts';
import { payload, xorshift, type FuzzRecord } from './fuzz-gen.ts';
import { backends, useServer } from './harness.ts';
import { postRaw, tableRows } from './rules-helpers.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const CASES = Number(process.env.FUZZ_CASES ?? 300);

interface Row {
  id: number;
  signature: string;
  caption: string | null;
}

function overlaps(strokes: readonly Stroke[], outlines: readonly Rect[]): boolean {
  return outlines.some((r) =>
    strokes.some((s) =>
      s.some((p, i) => pointInRect(p, r) || (i > 0 && segmentMeetsRect(s[i - 1]!, p, r))),
    ),
  );
}

/** Strokes in the current format only (the database makes no new legacy rows), or null. */
function currentFormat(text: string): Stroke[] | null {
  const strokes = parseStrokes(text);
  if (!strokes) return null;
  const value = JSON.parse(text) as unknown[];
  return value.every((s) => Array.isArray(s) && s.every((p) => Array.isArray(p))) ? strokes : null;
}

/**
 * The database's cheap checks on the text, before it parses (signwall.check_signature_text): size,
 * characters, `[` count, depth and balance, number tokens. True when the text fails one.
 */
function refusedBeforeParsing(text: string): boolean {
  if (new TextEncoder().encode(text).length > MAX_SIGNATURE_TEXT_BYTES) return true;
  if (/[^\][0-9eE.+, \t\n\r-]/.test(text)) return true;
  const brackets = text.replace(/[^\][]/g, '');
  if (brackets.replace(/\]/g, '').length > MAX_OPEN_BRACKETS) return true;
  let depth = 0;
  for (const b of brackets) {
    depth += b === '[' ? 1 : -1;
    if (depth < 0 || depth > 3) return true;
  }
  if (depth !== 0) return true;
  return /[-+.0-9eE]{25}/.test(text) || /[eE][-+]?[0-9]{3}/.test(text);
}

/** What the database must answer for a record, by the TypeScript rules. */
function predict(record: FuzzRecord, outlines: readonly Rect[]): number {
  if (refusedBeforeParsing(record.signature)) return 400;
  const strokes = currentFormat(record.signature);
  if (!strokes || findSignatureProblem(strokes, record.caption ?? null)) return 400;
  return overlaps(strokes, outlines) ? 409 : 201;
}

describe.each(backends)('fuzzing inserts on $name', (backend) => {
  const ctx = useServer(backend);

  it(`answers ${CASES} seeded payloads with 201 or a 4xx, and keeps the wall valid`, async () => {
    const rng = xorshift(SEED);
    const outlines: Rect[] = [];
    let rows: Row[] = await tableRows(ctx.server);
    expect(rows).toEqual([]);
    const tally: Record<string, number> = {};
    let hostile = 0;
    let slowest = { ms: 0, label: '' };

    for (let n = 0; n < CASES; n++) {
      const p = payload(rng);
      const label = `case ${n} (${p.kind}, seed ${SEED}): ${String(p.body).slice(0, 200)}`;
      // A pair is one POST of two rows: the first row's own answer, else 400 for the second.
      const first = p.records && predict(p.records[0], outlines);
      const expected = p.record
        ? predict(p.record, outlines)
        : first
          ? first === 201
            ? 400
            : first
          : null;
      const body = typeof p.body === 'string' ? p.body : new Blob([p.body]);
      const started = performance.now();
      const answer = await postRaw(ctx.server, body);
      const ms = performance.now() - started;
      if (ms > slowest.ms) slowest = { ms, label: `${p.kind} → ${answer.status}` };
      if (p.kind === 'hostile') {
        hostile++;
        expect(answer.status >= 400 && answer.status < 500, label).toBe(true);
      }
      tally[`${p.kind} ${answer.status}`] = (tally[`${p.kind} ${answer.status}`] ?? 0) + 1;

      expect(answer.status === 201 || (answer.status >= 400 && answer.status < 500), label).toBe(
        true,
      );
      if (expected !== null) expect(answer.status, label).toBe(expected);

      const after = await tableRows(ctx.server);
      if (answer.status !== 201) {
        expect(after, label).toEqual(rows);
        continue;
      }
      const added = answer.body as Row[];
      const stored = added.map((r) => ({
        id: Number(r.id),
        signature: r.signature,
        caption: r.caption,
      }));
      expect(after, label).toEqual([...rows, ...stored]);
      for (const row of added) {
        const strokes = currentFormat(row.signature);
        expect(strokes, label).not.toBeNull();
        expect(findSignatureProblem(strokes!, row.caption), label).toBeNull();
        expect(row.caption === null || row.caption === row.caption.trim(), label).toBe(true);
        if (p.record) expect(row.caption, label).toBe(normalizeCaption(p.record.caption));
        expect(overlaps(strokes!, outlines), label).toBe(false);
        outlines.push(outlineOf(strokes!)!);
      }
      rows = after;
    }

    console.log(`fuzz on ${backend.name}: ${CASES} cases (seed ${SEED}), ${rows.length} stored`);
    console.log(tally);
    console.log(
      `fuzz on ${backend.name}: ${hostile} hostile requests; slowest answer ${slowest.ms.toFixed(0)} ms (${slowest.label})`,
    );
    expect(rows.length).toBeGreaterThan(10); // the fuzz did reach the accepting path
  }, 300_000);
});
