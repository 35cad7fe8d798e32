/**
 * A caption is drawn within its signature's width (wrapped, at most three lines, cut
 * with '…'), whatever its characters. The walls these tests seed, and what their pictures (the
 * board's tiles, the exported PNG, a screenshot) must show. Coordinates are wall pixels.
 *
 * The limits are retyped from the spec and the rule above, not imported, so a change to the app
 * fails a test: 14 px text, the first baseline 15 px under the outline, 17 px between baselines,
 * three lines, 5 px under the last baseline: a caption box 54 px tall under the outline.
 */
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import type { Board } from './board.ts';
import { downloadedPng } from './export-wall.ts';
import type { SeededRow, WallServer } from './fixtures.ts';
import { hideSignature } from './moderation.ts';
import { runClockUntil } from './page-clock.ts';
import type { Box, DecodedPng, Found, Rgba } from './png.ts';

const PADDING = 10;
const CAPTION_BOX_HEIGHT = 15 + 2 * 17 + 5;
const LINE_HEIGHT = 17;

/** Any trace of a caption's gold, however faint (its anti-aliased edge over #333 too). */
export const isCaptionInk = (p: Rgba) => p.r - p.b > 8;

/** The database's longest captions, in characters that once drew one line across the wall. */
export const HOSTILE_CAPTIONS: ReadonlyArray<{ name: string; caption: string; dot?: true }> = [
  { name: '200 × U+FDFD', caption: '\uFDFD'.repeat(200) },
  { name: '200 wide CJK characters', caption: '漢字'.repeat(100) },
  { name: "200 × 'W'", caption: 'W'.repeat(200) },
  { name: 'no spaces', caption: `https://example.com/${'x'.repeat(180)}` },
  // Three accents stacked on each letter (the most the database keeps) rise above 15 px.
  { name: 'stacked accents', caption: 'Ŵ\u0303\u0304\u0306'.repeat(50) },
  // Ink beyond the advance: j's hook reaches left of where it is drawn, a double breve over the
  // next letter's place past the line's end. Only the painter's clip keeps these in.
  { name: "200 × 'j'", caption: 'j'.repeat(200) },
  { name: 'double breves', caption: 'x\u035D'.repeat(100) },
  // A dot's outline is 21 px wide (two points 1 px apart): its caption too. A dot claims one node
  // of the weight rule's grid, so its caption is as long as the rule lets it be (155 bytes in all).
  { name: "120 × 'W' under a dot", caption: 'W'.repeat(120), dot: true },
];

export interface HostileRow {
  readonly name: string;
  readonly hostile: SeededRow;
  readonly outline: Box;
  /** The signature to its right, 20 px away, captioned 'n', saved before it. */
  readonly neighbour: Box;
  /** A point on the centre line of the neighbour's stroke: white. */
  readonly neighbourStroke: [number, number];
}

/** The rows of hostile signatures span this part of the wall (for reading it in one go). */
export const HOSTILE_AREA: Box = {
  x: 0,
  y: 250,
  width: 1000,
  height: 120 * HOSTILE_CAPTIONS.length + 50,
};

function outlineOf(strokes: number[][][]): Box {
  const xs = strokes.flat().map((p) => p[0]!);
  const ys = strokes.flat().map((p) => p[1]!);
  return {
    x: Math.min(...xs) - PADDING,
    y: Math.min(...ys) - PADDING,
    width: Math.max(...xs) - Math.min(...xs) + 2 * PADDING,
    height: Math.max(...ys) - Math.min(...ys) + 2 * PADDING,
  };
}

/**
 * One row per hostile caption, 120 px apart from y = 300: a horizontal signature from x = 200
 * (200 px long, or a dot), and 20 px to its right a neighbour saved first, so a caption reaching
 * past its signature would be painted over the neighbour.
 */
export async function seedHostileRows(wall: WallServer): Promise<HostileRow[]> {
  const rows: HostileRow[] = [];
  for (const [i, { name, caption, dot }] of HOSTILE_CAPTIONS.entries()) {
    const y = 300 + 120 * i;
    const strokes = [
      [
        [200, y],
        [dot ? 201 : 400, y],
      ],
    ];
    const outline = outlineOf(strokes);
    const left = outline.x + outline.width + 20 + PADDING;
    const neighbourStrokes = [
      [
        [left, y],
        [left + 160, y],
      ],
    ];
    await wall.seed({ strokes: neighbourStrokes, caption: 'n' });
    const hostile = await wall.seed({ strokes, caption });
    expect(hostile.caption, `${name} is stored whole`).toBe(caption);
    rows.push({
      name,
      hostile,
      outline,
      neighbour: outlineOf(neighbourStrokes),
      neighbourStroke: [left + 80, y],
    });
  }
  return rows;
}

/** A picture of (part of) the wall, read in wall coordinates. */
export interface WallPicture {
  find(box: Box, test: (p: Rgba) => boolean): Found;
  pixel(x: number, y: number): Rgba;
}

/** A PNG of the wall's rectangle `area` (a board's `wallImage`), read in wall coordinates. */
export function pictureOf(
  png: DecodedPng,
  area: Box = { x: 0, y: 0, width: 0, height: 0 },
): WallPicture {
  return {
    pixel: (x, y) => png.pixel(x - area.x, y - area.y),
    find(box, test) {
      const found = png.find({ ...box, x: box.x - area.x, y: box.y - area.y }, test);
      return {
        ...found,
        minX: found.minX + area.x,
        maxX: found.maxX + area.x,
        minY: found.minY + area.y,
        maxY: found.maxY + area.y,
      };
    },
  };
}

/**
 * Every hostile caption is drawn (gold under its outline, on more than one line), nothing of it
 * reaches past its signature's width or under its caption box, and the neighbour shows only its
 * own stroke and 'n'.
 */
export function expectCaptionsWithinSignatures(
  picture: WallPicture,
  rows: readonly HostileRow[],
): void {
  for (const { name, outline, neighbour, neighbourStroke } of rows) {
    const bottom = outline.y + outline.height;
    const captionBox: Box = {
      x: outline.x,
      y: bottom,
      width: outline.width,
      height: CAPTION_BOX_HEIGHT,
    };
    // From 60 px left of the signature to its neighbour, from its top to 40 px under the box.
    const around: Box = {
      x: outline.x - 60,
      y: outline.y - 10,
      width: neighbour.x - (outline.x - 60),
      height: outline.height + 10 + CAPTION_BOX_HEIGHT + 40,
    };
    const ink = picture.find(around, isCaptionInk);
    expect(ink.minX, `${name}: nothing left of the signature`).toBeGreaterThanOrEqual(outline.x);
    expect(ink.maxX, `${name}: nothing right of the signature`).toBeLessThan(
      outline.x + outline.width,
    );
    expect(ink.minY, `${name}: nothing over the signature`).toBeGreaterThanOrEqual(bottom);
    expect(ink.maxY, `${name}: nothing under the caption box`).toBeLessThan(
      bottom + CAPTION_BOX_HEIGHT,
    );

    // (Gold, if faint: a phone's tiles are painted at twice the wall's pixels, read here at 1:1.)
    const drawn = picture.find(captionBox, isCaptionInk);
    expect(drawn.count, `${name}: its caption is drawn`).toBeGreaterThan(20);
    expect(drawn.maxY - drawn.minY, `${name}: wrapped onto more lines`).toBeGreaterThan(
      LINE_HEIGHT,
    );

    // The neighbour: its stroke, its own caption 'n' (a glyph of about 9 px) and nothing else.
    expect(picture.find(neighbour, isCaptionInk).count, `${name}: neighbour's outline`).toBe(0);
    expect(picture.pixel(...neighbourStroke), `${name}: neighbour's stroke`).toEqual({
      r: 255,
      g: 255,
      b: 255,
      a: 255,
    });
    const ownCaption = picture.find(
      {
        x: neighbour.x,
        y: neighbour.y + neighbour.height,
        width: neighbour.width + 300,
        height: CAPTION_BOX_HEIGHT + 40,
      },
      isCaptionInk,
    );
    expect(ownCaption.count, `${name}: the neighbour's own caption`).toBeGreaterThan(0);
    expect(ownCaption.maxX - neighbour.x, `${name}: only 'n' beside the neighbour`).toBeLessThan(
      14,
    );
  }
}

/**
 * The board and the export of a wall of hostile captions (`seedHostileRows`): every caption stays
 * within its signature in both pictures.
 */
export async function expectHostileCaptionsContained(
  board: Board,
  wall: WallServer,
): Promise<void> {
  const rows = await seedHostileRows(wall);
  await board.open();
  const image = await board.wallImage(HOSTILE_AREA);
  await test.info().attach('board.png', { body: image.encoded, contentType: 'image/png' });
  expectCaptionsWithinSignatures(pictureOf(image, HOSTILE_AREA), rows);

  const download = board.page.waitForEvent('download');
  await board.page.goto(`${wall.url}/export`);
  expectCaptionsWithinSignatures(pictureOf(await downloadedPng(await download)), rows);
}

/**
 * A three-line caption whose lower lines lie in the tile row under its signature's: saved while
 * the board is open, all its lines appear on screen; hidden by the owner, every line leaves the
 * screen (the tiles repainted are those of the caption's whole box, not of its first line).
 * The test installs the page clock and runs on a server with the owner's key.
 */
export async function expectCaptionRepaintedWithItsSignature(
  board: Board,
  wall: WallServer,
): Promise<void> {
  const { page } = board;
  await board.open();
  // Tiles are 256 device pixels: 256 wall px on a desktop, 128 at the phone's (capped) ratio 2.
  // The outline ends at 230: the first line (baseline 245) lies in the tiles above y = 256, the
  // other two (baselines 262 and 279) mostly in those below it.
  const row = await wall.seed({
    strokes: [
      [
        [100, 220],
        [260, 220],
      ],
    ],
    caption: 'W'.repeat(200),
  });
  const shown = async () => (await board.shownCaptions()).length === 1;
  // Page-clock time, as for the hide below: a poll every 3 s, then the tiles painted in idle slices
  // the page clock runs; on an oversubscribed machine ten steps were once not enough.
  await runClockUntil(page, shown, { stepMs: 1000, limitMs: 30_000 });
  expect(await shown(), 'the new signature arrived').toBe(true);

  const lowerLines = await screenBoxOf(board, { x: 90, y: 258, width: 180, height: 32 });
  const captionArea = await screenBoxOf(board, { x: 60, y: 230, width: 240, height: 100 });
  await expect
    .poll(
      async () =>
        (await board.screenImage(lowerLines)).find(everything(lowerLines), isCaptionInk).count,
    )
    .toBeGreaterThan(20);

  await hideSignature(wall, row.id);
  const gone = async () => (await board.shownCaptions()).length === 0;
  await runClockUntil(page, gone, { stepMs: 1000, limitMs: 30_000 });
  expect(await gone(), 'the hidden signature left the board').toBe(true);
  await expect
    .poll(
      async () =>
        (await board.screenImage(captionArea)).find(everything(captionArea), isCaptionInk).count,
    )
    .toBe(0);
}

/** The screen rectangle (CSS pixels, whole) showing a wall rectangle. */
async function screenBoxOf(board: Board, box: Box): Promise<Box> {
  const [x0, y0] = await board.screenOf([box.x, box.y]);
  const [x1, y1] = await board.screenOf([box.x + box.width, box.y + box.height]);
  const x = Math.floor(x0);
  const y = Math.floor(y0);
  return { x, y, width: Math.ceil(x1) - x, height: Math.ceil(y1) - y };
}

/** All of a picture of `box` taken on its own. */
const everything = (box: Box): Box => ({ x: 0, y: 0, width: box.width, height: box.height });
