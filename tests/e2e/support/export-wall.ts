/**
 * The wall the export tests seed, and what its exported PNG must show. Coordinates are wall
 * pixels; every sampled stroke pixel is on the centre line of a straight, 3 px wide stroke, so it
 * is fully covered (pure white) whatever the anti-aliasing.
 */
import { test, type Download, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import type { SeededRow, WallServer } from './fixtures.ts';
import { isBackground, isGold, readPng, WHITE, type Box, type DecodedPng } from './png.ts';

const PADDING = 10;
/** The caption's baseline sits this far below the outline (spec §9). */
const CAPTION_BASELINE = 15;

interface Seed {
  strokes: number[][][];
  caption: string | null;
  /** Points on a stroke's centre line. */
  whiteAt: [number, number][];
}

export const SEEDS = {
  captioned: {
    strokes: [
      [
        [300, 400],
        [700, 400],
      ],
      [
        [300, 460],
        [500, 460],
      ],
    ],
    caption: 'Hello wall',
    whiteAt: [
      [500, 400],
      [301, 400],
      [400, 460],
    ],
  },
  uncaptioned: {
    strokes: [
      [
        [1600, 1000],
        [1600, 1400],
      ],
      [
        [1500, 1200],
        [1700, 1200],
      ],
    ],
    caption: null,
    whiteAt: [
      [1600, 1100],
      [1550, 1200],
    ],
  },
  // Far from any viewport's first screen: the export draws the whole wall, not what is visible.
  corner: {
    strokes: [
      [
        [2900, 3100],
        [3150, 3100],
      ],
    ],
    caption: 'corner',
    whiteAt: [[3100, 3100]],
  },
} satisfies Record<string, Seed>;

export type SeededWall = Record<keyof typeof SEEDS, SeededRow>;

/** Saves the three signatures through the data API, in order. */
export async function seedWall(wall: WallServer): Promise<SeededWall> {
  const seeded: Partial<SeededWall> = {};
  for (const [name, seed] of Object.entries(SEEDS)) {
    seeded[name as keyof typeof SEEDS] = await wall.seed(seed);
  }
  return seeded as SeededWall;
}

/** The padded bounding box of a seed's points (spec §3). */
export function outlineOf(seed: Seed): Box {
  const xs = seed.strokes.flat().map((p) => p[0]!);
  const ys = seed.strokes.flat().map((p) => p[1]!);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return {
    x: minX - PADDING,
    y: minY - PADDING,
    width: Math.max(...xs) - minX + 2 * PADDING,
    height: Math.max(...ys) - minY + 2 * PADDING,
  };
}

/** Where the caption's glyphs may be: from the outline's bottom to a little below the baseline. */
export function captionBoxOf(seed: Seed): Box {
  const outline = outlineOf(seed);
  return { x: outline.x, y: outline.y + outline.height, width: 300, height: CAPTION_BASELINE + 6 };
}

/** Points where nothing is drawn on the seeded wall. */
export const EMPTY_POINTS: [number, number][] = [
  [0, 0],
  [5, 5],
  [3199, 0],
  [0, 3199],
  [3199, 3199],
  [1000, 2000],
  [2500, 500],
  [500, 430], // inside the captioned outline, between its two strokes
];

export async function downloadedPng(download: Download): Promise<DecodedPng> {
  expect(download.suggestedFilename()).toBe('canvas-signatures.png');
  const path = await download.path();
  // Kept with the test's results, to look at when an assertion fails.
  await test.info().attach('canvas-signatures.png', { path, contentType: 'image/png' });
  return readPng(path);
}

/** Everything the seeded wall's export must show. */
export function expectSeededWall(png: DecodedPng, seeded: SeededWall): void {
  expect([png.width, png.height]).toEqual([3200, 3200]);
  for (const [x, y] of EMPTY_POINTS) {
    expect(isBackground(png.pixel(x, y)), `#333 at (${x}, ${y})`).toBe(true);
  }
  for (const seed of Object.values(SEEDS)) {
    for (const [x, y] of seed.whiteAt) {
      expect(png.pixel(x, y), `white stroke at (${x}, ${y})`).toEqual(WHITE);
    }
  }

  // Captions: gold, below the outline, with the baseline 15 px under it.
  const widths: Record<string, number> = {};
  for (const name of Object.keys(SEEDS) as (keyof typeof SEEDS)[]) {
    const seed = SEEDS[name];
    const outline = outlineOf(seed);
    const bottom = outline.y + outline.height;
    const gold = png.find(captionBoxOf(seed), isGold);
    expect(gold.count, `gold caption pixels under ${name}`).toBeGreaterThan(10);
    expect(gold.minX, `${name} caption starts at the outline's left`).toBeLessThan(outline.x + 6);
    expect(gold.minY, `${name} caption is below the outline`).toBeGreaterThan(bottom);
    // Glyphs without descenders end on the baseline (±1 px of rounding and anti-aliasing).
    expect(
      Math.abs(gold.maxY + 1 - (bottom + CAPTION_BASELINE)),
      `${name} baseline`,
    ).toBeLessThanOrEqual(1);
    // Nothing gold right above the caption box, inside the outline.
    expect(png.find(outline, isGold).count, `no gold inside ${name}'s outline`).toBe(0);
    widths[name] = gold.maxX - gold.minX;
  }
  // The one saved without a caption reads '#<id>': under 9 px (a bold 14 px glyph) per character,
  // whatever the id (the e2e server is shared, so ids keep counting up), unlike 'Hello wall'.
  expect(widths.uncaptioned).toBeLessThan(`#${seeded.uncaptioned.id}`.length * 9);
  expect(widths.captioned).toBeGreaterThan(55);
}

/** Counts the downloads a page starts; the export must start exactly one. */
export function countDownloads(page: Page): () => number {
  let count = 0;
  page.on('download', () => count++);
  return () => count;
}

/** The export's own timings, as `signwall-export:<step>` performance measures. */
export async function exportTimings(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType('measure')
        .filter((m) => m.name.startsWith('signwall-export:'))
        .map((m) => [m.name.slice('signwall-export:'.length), Math.round(m.duration)]),
    ),
  );
}

/** Start time of the first export step after the paint wait (painting the wall). */
export async function paintStartedAt(page: Page): Promise<number> {
  return page.evaluate(
    () => performance.getEntriesByName('signwall-export:draw', 'measure')[0]?.startTime ?? NaN,
  );
}
