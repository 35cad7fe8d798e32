/**
 * Draw: switch to drawing mode with the toggle labelled 'Sign', wait for its toast to clear, then
 * a 150-move stroke (a smooth looping curve, like a signature) inside the generator's empty draw
 * patch. The page records frames and long tasks, and the React commits (DevTools hook) counted
 * between the press and the release: the moves alone, not the stroke's start and end. Afterwards
 * the stroke is cancelled (Escape) and the board goes back to panning for the zoom measure.
 */
import type { Page } from '@playwright/test';
import { frameStats, type FrameStats } from '../stats.ts';
import type { Box } from '../wall-generator.ts';
import { startFrames, stopFrames, type BenchWindow } from './instrument.ts';
import { gesture, type Pointer, type XY } from './input.ts';

export interface DrawResult extends FrameStats {
  moves: number;
  /** React commits while the moves ran (press and release excluded). */
  commitsDuringMoves: number;
  commitsPerMove: number;
  /** The stroke was kept (the caption box opened), not blocked or dropped. */
  accepted: boolean;
}

export const DRAW_MOVES = 150;

/** Screen points of a looping curve inside the patch (given in wall coordinates). */
export function strokePath(patch: Box, stage: XY, moves = DRAW_MOVES): XY[] {
  const cx = patch.x + patch.width / 2 + stage[0];
  const cy = patch.y + patch.height / 2 + stage[1];
  const rx = patch.width / 2 - 30;
  const ry = patch.height / 2 - 30;
  return Array.from({ length: moves + 1 }, (_, i) => {
    const t = (i / moves) * 3 * Math.PI;
    return [cx + rx * Math.sin(t), cy + ry * Math.sin(2 * t + 0.6) * 0.8] as const;
  });
}

async function waitForToast(page: Page, text: string | null, timeout = 5000): Promise<void> {
  const toast = page.getByTestId('toast');
  if (text === null) await toast.waitFor({ state: 'detached', timeout });
  else await page.getByTestId('toast').getByText(text).waitFor({ timeout });
}

const commits = (page: Page) =>
  page.evaluate(() => (window as unknown as BenchWindow).__bench.commits);

const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

export async function measureDraw(
  page: Page,
  pointer: Pointer,
  patch: Box,
  viewport: { width: number; height: number },
): Promise<DrawResult> {
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await waitForToast(page, 'Drawing enabled');
  // The toast's expiry is a React commit: let it happen before the stroke, not during it.
  await waitForToast(page, null);

  const stage = await page.evaluate(() => {
    const s = (window as unknown as BenchWindow).Konva!.stages[0]!;
    return [s.x(), s.y()] as const;
  });
  const path = strokePath(patch, stage);
  const offscreen = path.find(
    ([x, y]) => x < 0 || y < 70 || x > viewport.width || y > viewport.height - 90,
  );
  if (offscreen) throw new Error(`the empty draw patch is not in view (stage at ${stage})`);

  let before = 0;
  let after = 0;
  await page.evaluate(startFrames);
  await gesture(pointer, path, {
    afterDown: async () => {
      await nextFrame(page);
      before = await commits(page);
    },
    beforeUp: async () => {
      after = await commits(page);
    },
  });
  const frames = await page.evaluate(stopFrames);
  const accepted = await page
    .getByRole('form', { name: 'New signature' })
    .waitFor({ timeout: 3000 })
    .then(
      () => true,
      () => false,
    );
  if (accepted) {
    await page.keyboard.press('Escape');
    await page.getByRole('form', { name: 'New signature' }).waitFor({ state: 'detached' });
  }
  await page.getByRole('button', { name: 'Pan', exact: true }).click();
  await waitForToast(page, 'Panning enabled');
  await waitForToast(page, null);
  return {
    ...frameStats(frames),
    moves: path.length - 1,
    commitsDuringMoves: after - before,
    commitsPerMove: (after - before) / (path.length - 1),
    accepted,
  };
}
