/**
 * Pan: one 60-move drag of the wall in panning mode (the board opens in it), 30 moves out and 30
 * back along the same line, so the camera ends where it began and the draw measure finds its
 * empty patch in place. The page records its frames (rAF) and long tasks meanwhile, and how far
 * the stage travelled (its position's change events: the input machine moves the stage itself,
 * so Konva's 'dragmove' never fires), to show the drag really moved the wall.
 */
import type { Page } from '@playwright/test';
import { frameStats, type FrameStats } from '../stats.ts';
import { startFrames, stopFrames } from './instrument.ts';
import { gesture, straight, type Pointer, type XY } from './input.ts';

export interface PanResult extends FrameStats {
  /** Farthest the camera got from where it started (CSS px). */
  travelled: number;
}

/** Drag paths per viewport: far enough to leave the culling margin behind. */
export function panPath(viewport: { width: number; height: number }): { from: XY; to: XY } {
  return viewport.width >= 800
    ? { from: [900, 560], to: [300, 200] } // desktop: 600 × 360 px
    : { from: [330, 780], to: [30, 90] }; // phone: 300 × 690 px
}

interface DragStage {
  x(): number;
  y(): number;
  on(event: string, handler: () => void): void;
  off(event: string): void;
}

function trackTravel(): void {
  const w = window as unknown as { Konva: { stages: DragStage[] }; __travel: number };
  const stage = w.Konva.stages[0]!;
  const x0 = stage.x();
  const y0 = stage.y();
  w.__travel = 0;
  stage.on('xChange.bench yChange.bench', () => {
    w.__travel = Math.max(w.__travel, Math.hypot(stage.x() - x0, stage.y() - y0));
  });
}

function travelled(): number {
  const w = window as unknown as { Konva: { stages: DragStage[] }; __travel: number };
  w.Konva.stages[0]!.off('xChange.bench yChange.bench');
  return w.__travel;
}

export async function measurePan(
  page: Page,
  pointer: Pointer,
  viewport: { width: number; height: number },
): Promise<PanResult> {
  const { from, to } = panPath(viewport);
  const path = [...straight(from, to, 30), ...straight(to, from, 30).slice(1)];
  await page.evaluate(trackTravel);
  await page.evaluate(startFrames);
  await gesture(pointer, path);
  const frames = await page.evaluate(stopFrames);
  return { ...frameStats(frames), travelled: await page.evaluate(travelled) };
}
