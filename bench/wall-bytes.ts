/**
 * Bytes per signature before and after the save-time simplification, offline: the
 * generator's wall as the app would store it without and with src/domain/simplify.ts. Per
 * signature, the `signature` text (JSON of the strokes) and its points; for the whole wall, the
 * JSON of its rows as the data API returns them to the app (the columns it names,
 * SIGNATURE_COLUMNS) and with every column (`select=*`, as an older app read them), raw
 * and gzipped (zlib's default level, as the server compresses).
 */
import { gzipSync } from 'node:zlib';
import { SIGNATURE_COLUMNS } from '../src/data/table.ts';
import { simplifyStrokes } from '../src/domain/simplify.ts';
import type { GeneratedSignature } from './wall-generator.ts';

export interface WallBytes {
  n: number;
  /** Mean `signature` text bytes per signature. */
  textPerSignature: number;
  pointsPerSignature: number;
  /** The whole wall's rows as JSON, the app's columns: raw and gzip. */
  wallJson: number;
  wallGzip: number;
  /** The same with every column of the table (`select=*`). */
  allColumnsJson: number;
  allColumnsGzip: number;
}

export interface SimplificationBytes {
  before: WallBytes;
  after: WallBytes;
}

/** The generator's strokes as the app saves them now: simplified within half a wall pixel. */
export function simplified(signatures: readonly GeneratedSignature[]): GeneratedSignature[] {
  return signatures.map((s) => ({
    ...s,
    strokes: simplifyStrokes(s.strokes).map((stroke) => stroke.map(([x, y]) => [x, y])),
  })) as GeneratedSignature[];
}

function bytesOf(signatures: readonly GeneratedSignature[]): WallBytes {
  const created = Date.parse('2026-11-23T12:00:00Z');
  let text = 0;
  let points = 0;
  const rows = signatures.map((s, i) => {
    const signature = JSON.stringify(s.strokes);
    text += Buffer.byteLength(signature);
    for (const stroke of s.strokes) points += stroke.length;
    // The shape of a row on the wire (its outline edges included), with plausible values.
    const xs = s.strokes.flat().map((p) => p[0]);
    const ys = s.strokes.flat().map((p) => p[1]);
    const [minX, maxX, minY, maxY] = [
      Math.min(...xs) - 10,
      Math.max(...xs) + 10,
      Math.min(...ys) - 10,
      Math.max(...ys) + 10,
    ];
    return {
      id: i + 1,
      signature,
      caption: s.caption,
      created_at: new Date(created + i * 1234).toISOString().replace('Z', '+00:00'),
      outline: `(${maxX},${maxY}),(${minX},${minY})`,
      hidden: false,
      min_x: minX,
      max_x: maxX,
      min_y: minY,
      max_y: maxY,
    };
  });
  const columns = SIGNATURE_COLUMNS.split(',');
  const named = rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([column]) => columns.includes(column))),
  );
  const json = Buffer.from(JSON.stringify(named));
  const all = Buffer.from(JSON.stringify(rows));
  const n = Math.max(1, signatures.length);
  return {
    n: signatures.length,
    textPerSignature: text / n,
    pointsPerSignature: points / n,
    wallJson: json.length,
    wallGzip: gzipSync(json).length,
    allColumnsJson: all.length,
    allColumnsGzip: gzipSync(all).length,
  };
}

export function simplificationBytes(
  signatures: readonly GeneratedSignature[],
): SimplificationBytes {
  return { before: bytesOf(signatures), after: bytesOf(simplified(signatures)) };
}
