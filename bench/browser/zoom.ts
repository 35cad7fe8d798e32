/**
 * Zoom: a wheel gesture at the viewport's centre, one wheel event per display frame: 16 turns in
 * (about 3.6×), 32 out (past the start, to the furthest zoom on a phone), 16 back in, so the
 * board crosses several tile levels both ways. The page records its frames and long tasks
 * meanwhile, and the range of scales the stage went through, to show the wheel really zoomed.
 * It runs last on its page: the camera stays where the wheel left it (moving the stage from here
 * would not move the app's camera, which the next input would put back).
 */
import type { Page } from '@playwright/test';
import { frameStats, type FrameStats } from '../stats.ts';
import { startFrames, stopFrames } from './instrument.ts';
import { FRAME_MS } from './input.ts';

export interface ZoomResult extends FrameStats {
  minScale: number;
  maxScale: number;
}

/** Wheel pixels per event: the app zooms by e^(40/500) ≈ 1.08× per event. */
const WHEEL_DELTA = 40;
export const ZOOM_STEPS = [
  ...Array<number>(16).fill(-1),
  ...Array<number>(32).fill(1),
  ...Array<number>(16).fill(-1),
];

interface ZoomStage {
  scaleX(): number;
  on(event: string, handler: () => void): void;
  off(event: string): void;
  batchDraw(): void;
}

type ZoomWindow = {
  Konva: { stages: ZoomStage[] };
  __zoom: { min: number; max: number };
};

function trackScale(): void {
  const w = window as unknown as ZoomWindow;
  const stage = w.Konva.stages[0]!;
  const scale = stage.scaleX();
  w.__zoom = { min: scale, max: scale };
  stage.on('scaleXChange.bench', () => {
    w.__zoom.min = Math.min(w.__zoom.min, stage.scaleX());
    w.__zoom.max = Math.max(w.__zoom.max, stage.scaleX());
  });
}

/** Stops tracking; returns the range of scales seen. */
function stopTracking(): { min: number; max: number } {
  const w = window as unknown as ZoomWindow;
  w.Konva.stages[0]!.off('scaleXChange.bench');
  const { min, max } = w.__zoom;
  return { min, max };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `deviceScaleFactor`: Chromium hands the page wheel deltas divided by it (CDP sends device
 * pixels), so the phone (DPR 3) gets the same CSS-pixel turns as the desktop.
 */
export async function measureZoom(
  page: Page,
  viewport: { width: number; height: number },
  deviceScaleFactor = 1,
): Promise<ZoomResult> {
  await page.mouse.move(viewport.width / 2, viewport.height / 2);
  await page.evaluate(trackScale);
  await page.evaluate(startFrames);
  let deadline = performance.now();
  for (const direction of ZOOM_STEPS) {
    deadline += FRAME_MS;
    await page.mouse.wheel(0, direction * WHEEL_DELTA * deviceScaleFactor);
    const wait = deadline - performance.now();
    if (wait > 0) await sleep(wait);
  }
  const frames = await page.evaluate(stopFrames);
  const range = await page.evaluate(stopTracking);
  return { ...frameStats(frames), minScale: range.min, maxScale: range.max };
}
