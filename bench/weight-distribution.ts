/**
 * How much of the weight rule real signatures use: for each signature, its stored bytes (text and
 * caption) over what the nodes it claims allow (155 bytes a node, src/domain/signature-weight.ts).
 * 100 % is the limit. Prints the distribution; asserts nothing. Run alone:
 * `npx tsx bench/weight-distribution.ts` (`npm run bench -- weight`).
 *
 * - Drawn on the real board in headless Chromium, saved, and read back from the server: names
 *   written in Hershey's single-stroke script (hersheytext), traced as a hand would (a sample
 *   every frame at a hand's speed, with a tremor), with the mouse on a desktop at zoom 1, 2 and 4
 *   and with a finger on a phone at zoom 1 and 2, 20 to 160 wall px high.
 * - The benchmark's generated walls (bench/wall-generator.ts, simplified as the app saves).
 * - Dense sketches (hatched boxes of 20 to 200 px, lines 1 to 6 px apart), as the board would save
 *   them: the kind of drawing the rule is there to stop.
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { BYTES_PER_NODE } from '../src/domain/rules.ts';
import type { Point, Stroke } from '../src/domain/geometry.ts';
import { simplifyStrokes } from '../src/domain/simplify.ts';
import { normalizeCaption } from '../src/domain/new-signature.ts';
import { canonicalStrokes, weightOf } from '../src/domain/signature-weight.ts';
import { launchBrowser, VIEWPORTS } from './browser/session.ts';
import { mousePointer, touchPointer, type Pointer, type XY } from './browser/input.ts';
import { ANON_KEY, startServer } from './server.ts';
import { max, median, percentile } from './stats.ts';
import { generateWall } from './wall-generator.ts';
import { textStrokes, type HersheyFont } from '../src/features/board/model/hershey-text.ts';

const SCRIPT = createRequire(import.meta.url)('hersheytext/hersheytext.min.json')
  .scripts as HersheyFont;
/** Font units from the top of a capital to its baseline, about. */
const CAP_UNITS = 21;

const NAMES = ['Ada', 'Grace H.', 'Zoe Kim', 'Linus', 'M. Curie', 'Tim', 'Hedy L', 'Alan T.'];

const log = (text: string) => console.log(`[weight] ${text}`);
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

/**
 * `name` in Hershey's script as 'Type your name' draws it, `height` wall px a capital, its top left
 * at (0, 0).
 */
function nameStrokes(name: string, height: number): Point[][] {
  const scale = height / CAP_UNITS;
  const text = textStrokes(SCRIPT, name)!;
  return text.strokes.map((stroke) =>
    stroke.map(([x, y]): Point => [(x - text.minX) * scale, (y - text.minY) * scale]),
  );
}

/** A seeded random source (the traces differ but every run draws the same ones). */
function rng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

/**
 * A hand's trace of a polyline on screen: a sample every frame at `speed` screen px a second
 * (60 frames a second), each off the line by up to `tremor` px.
 */
function handTrace(line: readonly XY[], speed: number, tremor: number, random: () => number): XY[] {
  const step = speed / 60;
  const out: XY[] = [line[0]!];
  let carried = 0;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1]!;
    const [bx, by] = line[i]!;
    const length = Math.hypot(bx - ax, by - ay);
    let at = step - carried;
    for (; at <= length; at += step) {
      const t = at / length;
      out.push([
        ax + (bx - ax) * t + (random() - 0.5) * 2 * tremor,
        ay + (by - ay) * t + (random() - 0.5) * 2 * tremor,
      ]);
    }
    carried = length - (at - step);
  }
  out.push(line[line.length - 1]!);
  return out;
}

interface Case {
  input: 'mouse' | 'finger';
  zoom: number;
  height: number;
  name: string;
}

function cases(): Case[] {
  const all: Case[] = [];
  for (const [input, zooms] of [
    ['mouse', [1, 2, 4]],
    ['finger', [1, 2]],
  ] as const) {
    for (const zoom of zooms) {
      for (const height of [20, 40, 80, 160]) {
        for (const name of NAMES.slice(zoom, zoom + 2)) all.push({ input, zoom, height, name });
      }
    }
  }
  return all;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Half the caption box's height (label, field and a row of buttons), with room to spare. */
const CAPTION_BOX_HALF_HEIGHT = 110;
/** The board's controls along the bottom of the screen (the overview, the tools). */
const BOTTOM_CONTROLS = 90;

/** Signs `c` at wall point `at` (the name's top left) through the board, and waits for its save. */
async function sign(page: Page, pointer: Pointer, url: string, c: Case, at: Point, seed: number) {
  const viewport = page.viewportSize()!;
  const strokes = nameStrokes(c.name, c.height);
  // Its box: from (0, 0) to (width, tall).
  const width = Math.max(...strokes.flat().map(([x]) => x));
  const tall = Math.max(...strokes.flat().map(([, y]) => y));
  // The caption box opens after the first stroke where the spec puts it (centred, 40 % from the
  // top) and takes the pointer where it lies: a name traced on under it presses its buttons (a
  // name's period, on Save). A visitor writes around it; here the name is placed below it.
  const nameTop = viewport.height * 0.4 + CAPTION_BOX_HALF_HEIGHT + 12;
  const fits = (screenTop: number, screenBottom: number) =>
    // (2 px for the camera's centre, rounded in the address)
    screenTop >= nameTop - 2 && screenBottom <= viewport.height - BOTTOM_CONTROLS;
  // Too wide or too tall for the screen at this zoom, or too wide for a signature: skipped.
  if (width * c.zoom > viewport.width * 0.85 || width > 600) return false;
  if (!fits(nameTop, nameTop + tall * c.zoom)) return false;
  const centre: Point = [at[0] + width / 2, at[1] + (viewport.height / 2 - nameTop) / c.zoom];
  // A new document each time (a change of the hash alone would keep the board open).
  await page.goto('about:blank');
  await page.goto(`${url}/#x=${Math.round(centre[0])}&y=${Math.round(centre[1])}&zoom=${c.zoom}`);
  const tap = c.input === 'finger';
  const press = async (name: string) => {
    const button = page.getByRole('button', { name, exact: true });
    if (tap) await button.tap();
    else await button.click();
  };
  await press('Sign!');
  await page.getByText('Signatures loaded!').waitFor();
  await press('Sign');
  await page.getByText('Drawing enabled').waitFor();
  const random = rng(seed);
  // The screen point of a wall point, through the board's camera as it opened (the stage's).
  const camera = await page.evaluate(() => {
    const konva = (
      window as unknown as { Konva: { stages: { x(): number; y(): number; scaleX(): number }[] } }
    ).Konva;
    const stage = konva.stages[0]!;
    return { x: stage.x(), y: stage.y(), scale: stage.scaleX() };
  });
  const screen = ([x, y]: Point): XY => [
    camera.x + (at[0] + x) * camera.scale,
    camera.y + (at[1] + y) * camera.scale,
  ];
  // Near the wall's edge the board clamps its camera, which may bring the name under the box.
  if (!fits(screen([0, 0])[1], screen([0, tall])[1])) return false;
  for (const stroke of strokes) {
    // A careful hand at 250 to 700 screen px a second, trembling by up to half a pixel.
    const trace = handTrace(stroke.map(screen), 250 + random() * 450, 0.5, random);
    await pointer.down(trace[0]!);
    for (const p of trace.slice(1)) await pointer.move(p);
    await pointer.up(trace[trace.length - 1]!);
    await sleep(20);
  }
  try {
    await press('Save');
  } catch (error) {
    await page.screenshot({ path: join(tmpdir(), 'weight-distribution-failed.png') });
    throw error;
  }
  await page.getByText('Signature saved!').waitFor({ timeout: 15_000 });
  return true;
}

interface Measured {
  group: string;
  ratio: number;
}

function describe(group: string, ratios: number[]): string {
  if (ratios.length === 0) return `${group}: none`;
  return (
    `${group}: ${ratios.length} signatures, median ${pct(median(ratios))}, ` +
    `p90 ${pct(percentile(ratios, 90))}, max ${pct(max(ratios))} of the limit`
  );
}

function ratioOf(strokes: readonly Stroke[], caption: string | null): number {
  const { bytes, nodes } = weightOf(canonicalStrokes(strokes), normalizeCaption(caption));
  return bytes / (nodes * BYTES_PER_NODE);
}

async function drawnOnTheBoard(): Promise<Measured[]> {
  const distDir = [process.env.BENCH_DIST, join(tmpdir(), 'signwall-bench-dist'), 'dist'].find(
    (dir): dir is string => dir !== undefined && existsSync(join(dir, 'index.html')),
  );
  if (!distDir) {
    log('drawn on the board: skipped, no build (npm run build, or BENCH_DIST)');
    return [];
  }
  const server = await startServer(distDir, { ANON_KEY, MAX_SAVES_IN_FLIGHT_PER_ADDRESS: '0' });
  const browser = await launchBrowser();
  const measured: Measured[] = [];
  try {
    const contexts = {
      mouse: await browser.newContext(VIEWPORTS.desktop),
      finger: await browser.newContext(VIEWPORTS.phone),
    };
    const pages = {
      mouse: await contexts.mouse.newPage(),
      finger: await contexts.finger.newPage(),
    };
    const pointers = {
      mouse: mousePointer(pages.mouse),
      finger: touchPointer(await contexts.finger.newCDPSession(pages.finger)),
    };
    const all = cases();
    const drawn: Case[] = [];
    for (const [i, c] of all.entries()) {
      // One signature per 650 × 250 px slot (44 of them), 300 px from the wall's sides and 500 px
      // from its top: never near another, and rarely where the board clamps its camera.
      const slot = drawn.length;
      const at: Point = [300 + (slot % 4) * 650, 500 + Math.floor(slot / 4) * 250];
      if (await sign(pages[c.input], pointers[c.input], server.url, c, at, i + 1)) drawn.push(c);
    }
    log(`drawn on the board: ${drawn.length} of ${all.length} cases fit their screen`);
    const res = await fetch(`${server.url}/rest/v1/signatures?select=*&order=id.asc`, {
      headers: { apikey: ANON_KEY },
    });
    const rows = (await res.json()) as { signature: string; caption: string | null }[];
    rows.forEach((row, i) => {
      const c = drawn[i]!;
      measured.push({
        group: `${c.input}, zoom ${c.zoom}, ${c.height} px high`,
        ratio: ratioOf(JSON.parse(row.signature) as Stroke[], row.caption),
      });
    });
    for (const context of Object.values(contexts)) await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
  return measured;
}

function generatedWalls(): Measured[] {
  return [2000, 10_000].flatMap((n) =>
    generateWall({ n }).signatures.map((s) => ({
      group: `generated wall of ${n}`,
      ratio: ratioOf(simplifyStrokes(s.strokes), s.caption),
    })),
  );
}

/** Hatched boxes: `size` px, lines `gap` px apart, back and forth, points every 2 px. */
function denseSketches(): Measured[] {
  const out: Measured[] = [];
  for (const size of [20, 50, 100, 200]) {
    for (const gap of [1, 2, 4, 6]) {
      const stroke: Point[] = [];
      for (let row = 0; row * gap <= size; row++) {
        for (let k = 0; k <= size; k += 2) {
          const x = row % 2 === 0 ? k : size - k;
          stroke.push([1000 + x + (k % 4) * 0.3, 1000 + row * gap]);
        }
      }
      out.push({
        group: `hatched ${size} px, lines ${gap} px apart`,
        ratio: ratioOf(simplifyStrokes([stroke]), null),
      });
    }
  }
  return out;
}

async function main(): Promise<void> {
  const groups = new Map<string, number[]>();
  const add = (m: Measured[]) =>
    m.forEach(({ group, ratio }) => groups.set(group, [...(groups.get(group) ?? []), ratio]));
  add(await drawnOnTheBoard());
  add(generatedWalls());
  const hand = [...groups.values()].flat();
  for (const [group, ratios] of groups) log(describe(group, ratios));
  log(describe('every signature above', hand));
  log(
    `a dot: ${pct(
      ratioOf(
        [
          [
            [1500, 1500],
            [1500, 1500],
          ],
        ],
        null,
      ),
    )} of the limit`,
  );
  for (const { group, ratio } of denseSketches()) {
    log(`${group}: ${pct(ratio)}${ratio > 1 ? ' (refused: the board stops it)' : ''}`);
  }
}

await main();
