/**
 * Seeded payload generators for the API fuzz test. Own xorshift RNG so a failing case can be
 * replayed from its seed (FUZZ_SEED), independent of Math.random.
 */

/** xorshift32: small, fast, and the same sequence on every machine. */
export function xorshift(seed: number) {
  let s = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x1_0000_0000;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof xorshift>;

export interface Payload {
  /**
   * `hostile`: one of hostileBody's shapes, which must always be refused with a 4xx; `pair`: a
   * two-row body, which the one-row rule refuses.
   */
  kind: 'valid' | 'mutated' | 'pair' | 'random-json' | 'random-bytes' | 'hostile';
  /** The raw request body. */
  body: string | Uint8Array<ArrayBuffer>;
  /** For valid/mutated: the record as sent (signature text and caption), to predict the answer. */
  record?: FuzzRecord;
  /** For pair: the two records of a two-element array body (one POST may add one row). */
  records?: [FuzzRecord, FuzzRecord];
}

export interface FuzzRecord {
  signature: string;
  caption: string | null | undefined;
}

type Pt = [number, number];

/** A plausible signature: 1–4 strokes of 2–30 points inside a random box. Crowded into 1200×1200
 * so that many land on earlier ones (409s are part of what is being tested). */
export function validStrokes(rng: Rng): Pt[][] {
  const size = rng.int(5, 150);
  const x0 = rng.int(0, 1200);
  const y0 = rng.int(0, 1200);
  const coord = (base: number) => Math.round(Math.min(3200, base + rng.next() * size) * 10) / 10;
  return Array.from({ length: rng.int(1, 4) }, () =>
    Array.from({ length: rng.int(2, 30) }, (): Pt => [coord(x0), coord(y0)]),
  );
}

const WEIRD_NUMBERS = ['-1', '3200.5', '1e400', '-1e400', '1e-400', '1e308', '-0', '3200', '0'];
const WEIRD_VALUES = ['"NaN"', '"Infinity"', 'null', 'true', '"12"', '{}', '[]', '[1]', '[1,2,3]'];

function caption(rng: Rng): string | null | undefined {
  switch (rng.int(0, 8)) {
    case 6: // bidi controls, zero-width and other invisible characters, sometimes around a name
      return (
        Array.from({ length: rng.int(1, 200) }, () =>
          rng.pick(['\u202e', '\u2066', '\u200f', '\u200b', '\ufeff', '\u3164', '\ufe0f', ' ']),
        ).join('') + rng.pick(['', '', 'Ada'])
      );
    case 7: // combining marks stacked on a letter (Zalgo), sometimes enough to pass 200 unnormalised
      return `${rng.pick(['a', 'e', 'ᄀ'])}${rng.pick(['\u0301', '\u0334', '\u1ab0', '\u20d0']).repeat(rng.int(1, 260))}`;
    case 8: // a decomposed accent that NFC composes, next to a bidi mark
      return `caf${rng.pick(['e\u0301', 'e\u200e\u0301', '\u00e9'])}`;
    case 0:
      return undefined;
    case 1:
      return null;
    case 2:
      return ' '.repeat(rng.int(0, 3)) + '\t\n\u00a0'.slice(0, rng.int(0, 3));
    case 3:
      return 'x'.repeat(rng.int(195, 205));
    case 4:
      return ` ${'🖊'.repeat(rng.int(198, 202))} `;
    default:
      return `sig ${rng.int(0, 99999)}`;
  }
}

/** Text-level mutations of a valid signature's JSON: each keeps it "almost right". */
function mutate(rng: Rng, strokes: Pt[][]): string {
  const copy: unknown[][] = strokes.map((s) => s.map((p) => [...p]));
  const stroke = rng.int(0, copy.length - 1);
  const point = rng.int(0, copy[stroke]!.length - 1);
  switch (rng.int(0, 12)) {
    case 9: {
      // the whole text nested deeper: 4 levels up to 100,000 (no JSON parser may recurse on it)
      const levels = rng.pick([1, 97, 6997, 99_997]);
      return '['.repeat(levels) + JSON.stringify(copy) + ']'.repeat(levels);
    }
    case 10: {
      // an exponent beyond what a coordinate needs, or just within it
      const text = JSON.stringify(copy);
      const marker = JSON.stringify(copy[stroke]![point]);
      const n = rng.pick(['1e131071', '1e-300', '1e-100', '1e-99', '5e+02', '1e002']);
      return text.replace(marker, `[${n},${rng.int(0, 3200)}]`);
    }
    case 11: {
      // a coordinate written in 24 (fine) or 25 (refused) characters
      const text = JSON.stringify(copy);
      const [x, y] = copy[stroke]![point] as Pt;
      const long = `${Math.floor(x)}.`.padEnd(rng.pick([24, 25]), '0');
      return text.replace(JSON.stringify([x, y]), `[${long},${y}]`);
    }
    case 12: {
      // a point that stretches the extent to 800 × 600 exactly, or just past it
      const all = copy.flat() as Pt[];
      const minX = Math.min(...all.map((p) => p[0]));
      const minY = Math.min(...all.map((p) => p[1]));
      const [dx, dy] = rng.pick([
        [800, 0],
        [800.1, 0],
        [0, 600],
        [0, 601],
        [800, 600],
      ] as const);
      copy[0]!.push([Math.min(3200, minX + dx), Math.min(3200, minY + dy)]);
      break;
    }
    case 0: {
      // a weird number spliced into the text (JSON.stringify cannot write 1e400)
      const text = JSON.stringify(copy);
      const marker = JSON.stringify(copy[stroke]![point]);
      const n = rng.pick(WEIRD_NUMBERS);
      return text.replace(marker, `[${n},${rng.int(0, 3200)}]`);
    }
    case 1:
      copy[stroke]![point] = JSON.parse(`[${rng.pick(WEIRD_VALUES)},5]`) as unknown;
      break;
    case 2:
      copy[stroke] = copy[stroke]!.slice(0, 1); // a one-point stroke
      break;
    case 3:
      return JSON.stringify(copy[stroke]); // the legacy flat stroke
    case 4: {
      const text = JSON.stringify(copy);
      return text.slice(0, rng.int(0, text.length - 1)); // truncated
    }
    case 5:
      copy[stroke]![point] = rng.pick([[1], [1, 2, 3], 'ab', null, {}, [[1, 2]]]);
      break;
    case 6:
      while (copy.length <= 64) copy.push(copy[0]!); // too many strokes
      break;
    case 7:
      copy.push([]);
      break;
    default:
      copy[stroke]![point] = [rng.int(-50, 3250), rng.int(-50, 3250)];
  }
  return JSON.stringify(copy);
}

function randomJson(rng: Rng, depth = 0): unknown {
  const k = rng.int(0, depth > 3 ? 3 : 6);
  if (k === 0) return rng.int(-5000, 5000) / rng.pick([1, 10, 1e-3]);
  if (k === 1) return rng.pick(['', 'a', 'NaN', '[[[1,2],[3,4]]]', '\u0000x', '😀']);
  if (k === 2) return rng.pick([null, true, false]);
  if (k === 3) return [];
  if (k <= 5) return Array.from({ length: rng.int(0, 4) }, () => randomJson(rng, depth + 1));
  return { signature: randomJson(rng, depth + 1), [rng.pick(['caption', 'x', 'id'])]: 1 };
}

/** A depth between 4 and 100,000, spread evenly over the orders of magnitude. */
function depth(rng: Rng): number {
  return Math.round(4 * 25_000 ** rng.next());
}

const deepArrays = (levels: number) => '['.repeat(levels) + '1' + ']'.repeat(levels);

/**
 * The hostile shapes, each a whole body: nesting in every place JSON can go, scalar bodies,
 * wide bodies, huge exponents, and signatures far larger than 800×600. Some are refused by the
 * server's body scan, the rest only by the SQL guard (the text inside the signature string, the
 * one-row rule, number formats, the size rule).
 */
export function hostileBody(rng: Rng): string {
  switch (rng.int(0, 8)) {
    case 0: // nesting inside the signature text
      return JSON.stringify({ signature: deepArrays(depth(rng)) });
    case 1: // nesting as the body itself
      return deepArrays(depth(rng));
    case 2: {
      // nesting as a raw value, objects or arrays (4 bytes a level keeps it under 512 KiB)
      const levels = depth(rng);
      const value = rng.chance(0.5)
        ? deepArrays(levels)
        : '{"":'.repeat(levels) + '1' + '}'.repeat(levels);
      return `{"signature":${value}}`;
    }
    case 3:
      return rng.pick(['42', '-0', '"x"', 'null', 'true', '[1]', '[[1,2]]', '"[[[1,2],[3,4]]]"']);
    case 4: {
      // more than one row in one request
      const rows = Array.from({ length: rng.int(2, 300) }, () =>
        JSON.stringify({ signature: JSON.stringify(validStrokes(rng)) }),
      );
      return `[${rows.join(',')}]`;
    }
    case 5: {
      // numbers no coordinate can be, as many as fit
      const n = rng.pick(['1e131071', '-1e131071', '9'.repeat(rng.int(20, 400)), '1e-131071']);
      const point = `[${n},${n}]`;
      const count = Math.min(rng.int(1, 25_600), Math.floor(500_000 / (point.length + 1)));
      return JSON.stringify({ signature: `[[${Array(count).fill(point).join(',')}]]` });
    }
    case 6: {
      // wider or higher than 800×600 (before padding): a take-over of the wall
      const x = rng.int(0, 2000);
      const y = rng.int(0, 2000);
      const w = rng.chance(0.5) ? rng.int(801, 3200 - x) : rng.int(2, 800);
      const h = w > 800 ? rng.int(0, 600) : rng.int(601, Math.max(601, 3200 - y));
      return JSON.stringify({
        signature: JSON.stringify([
          [
            [x, y],
            [Math.min(3200, x + w), Math.min(3200, y + h)],
          ],
        ]),
      });
    }
    case 7:
      return '{"signature":"[[[0,0],[0,0]],[[3200,3200],[3200,3200]]]"}';
    default: {
      // every key a column name it is not (the schema check stops at the first)
      const keys = Array.from({ length: rng.int(1, 2000) }, (_, i) => `"k${i}":1`);
      return `[{${keys.join(',')}},{${keys.join(',')}}]`;
    }
  }
}

export function payload(rng: Rng): Payload {
  const r = rng.next();
  if (r >= 0.85 && r < 0.9) return { kind: 'hostile', body: hostileBody(rng) };
  if (r < 0.3 || r >= 0.95) {
    const record = { signature: JSON.stringify(validStrokes(rng)), caption: caption(rng) };
    return { kind: 'valid', body: JSON.stringify(record), record };
  }
  if (r < 0.65) {
    const record = { signature: mutate(rng, validStrokes(rng)), caption: caption(rng) };
    return { kind: 'mutated', body: JSON.stringify(record), record };
  }
  if (r < 0.7) {
    const one = () => ({
      signature: rng.chance(0.7)
        ? JSON.stringify(validStrokes(rng))
        : mutate(rng, validStrokes(rng)),
      caption: caption(rng) ?? null, // both rows need the same keys (PostgREST: PGRST102)
    });
    const records: [FuzzRecord, FuzzRecord] = [one(), one()];
    return { kind: 'pair', body: JSON.stringify(records), records };
  }
  if (r < 0.85) {
    const value = randomJson(rng);
    const body = rng.chance(0.5) ? JSON.stringify({ signature: value }) : JSON.stringify(value);
    return { kind: 'random-json', body };
  }
  const bytes = new Uint8Array(rng.int(0, 300));
  for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(0, 255);
  return { kind: 'random-bytes', body: bytes };
}
