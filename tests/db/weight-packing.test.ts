/**
 * The heaviest wall the rules allow, packed for real: the heaviest accepted signatures of every
 * size (dots; sketches that fill boxes of 20 px to 800 × 600), as densely as the overlap rule lets
 * them lie (11 px apart, and 10.01 px for dots: a point just outside another's outline), saved as
 * anon on PGlite and PostgreSQL. Every one is accepted, no grid node is claimed twice, and the wall
 * each packing would fill stays under 16 MB. Before the weight rule one dot could hold 156 KB (3,000
 * points of 24-character numbers): the same packing filled 13 GB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALL_SIZE } from '../../src/domain/rules.ts';
import { parseStrokes } from '../../src/domain/signature.ts';
import { claimedNodes, MAX_WALL_BYTES } from '../../src/domain/signature-weight.ts';
import type { Stroke } from '../../src/domain/geometry.ts';
import { dot, filledBox, heaviest } from '../support/heaviest.ts';
import { TARGETS, type TestDb } from './support/databases.ts';

const WALL_LIMIT = 16_000_000;

interface Packing {
  name: string;
  /** The shape at (x, y), its size, and how far apart shapes lie along x and y. */
  shape: (x: number, y: number) => Stroke[];
  size: readonly [number, number];
  pitch: readonly [number, number];
  /** Shapes per row and rows packed here (a block of the wall). */
  block: readonly [number, number];
}

const PACKINGS: Packing[] = [
  { name: 'dots 11 px apart', shape: dot, size: [0, 0], pitch: [11, 11], block: [12, 12] },
  // A heavy dot spans 0.02 px (its padding); the next one lies just outside its outline.
  { name: 'dots 10.03 px apart', shape: dot, size: [0, 0], pitch: [10.03, 10.03], block: [12, 12] },
  ...[20, 80, 300].map((size): Packing => ({
    name: `${size} px sketches 11 px apart`,
    shape: (x, y) => filledBox(x, y, size, size),
    size: [size, size],
    pitch: [size + 11, size + 11],
    block: size >= 300 ? [2, 2] : size >= 80 ? [3, 3] : [6, 6],
  })),
  {
    name: '800 × 600 sketches 11 px apart',
    shape: (x, y) => filledBox(x, y, 800, 600),
    size: [800, 600],
    pitch: [811, 611],
    block: [2, 1],
  },
];

describe.each(TARGETS)('the heaviest wall on $kind', ({ openMigrated }) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await openMigrated();
  });
  afterAll(() => db?.close());

  it.each(PACKINGS)('$name: every one accepted, no node twice, the wall under 16 MB', async (p) => {
    await db.exec('delete from public.signatures');
    const [across, down] = p.block;
    for (let row = 0; row < down; row++) {
      for (let col = 0; col < across; col++) {
        const heavy = heaviest(p.shape(100 + col * p.pitch[0], 100 + row * p.pitch[1]));
        await db.asAnon((q) =>
          q('insert into public.signatures (signature, caption) values ($1, $2)', [
            heavy.signature,
            heavy.caption,
          ]),
        );
      }
    }
    const rows = await db.query<{ signature: string; bytes: number }>(
      `select signature, octet_length(signature) + coalesce(octet_length(caption), 0) as bytes
         from public.signatures`,
    );
    expect(rows).toHaveLength(across * down);
    // No node of the grid is claimed by two signatures, and each stores at most 155 per node.
    const claimed = new Set<number>();
    let bytes = 0;
    for (const row of rows) {
      const nodes = claimedNodes(parseStrokes(row.signature)!);
      for (const node of nodes) {
        expect(claimed.has(node)).toBe(false);
        claimed.add(node);
      }
      bytes += Number(row.bytes);
    }
    expect(bytes).toBeLessThanOrEqual(claimed.size * 155);
    // The whole wall packed the same way: bytes per shape times the shapes the wall holds.
    const perShape = bytes / rows.length;
    const fit = (axis: 0 | 1) => Math.floor((WALL_SIZE - p.size[axis]) / p.pitch[axis]) + 1;
    const wallShapes = fit(0) * fit(1);
    const wall = perShape * wallShapes;
    console.log(
      `${p.name}: ${perShape.toFixed(0)} bytes each (${(bytes / claimed.size).toFixed(1)} per node), ` +
        `${wallShapes} on a wall: ${(wall / 1e6).toFixed(2)} MB (the rule's bound: ${(MAX_WALL_BYTES / 1e6).toFixed(2)} MB)`,
    );
    expect(wall).toBeLessThanOrEqual(WALL_LIMIT);
  });
});
