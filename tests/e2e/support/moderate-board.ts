/**
 * The board on /moderate, read as the tests read the visitor's board (the one Konva stage of the
 * page), but placed in the page rather than filling it: screen points add the stage's box.
 */
import { type Page } from '@playwright/test';
import { expect } from './expect.ts';
import type { XY } from './board.ts';

interface MarkedSignature {
  id: number;
  outline: { x: number; y: number; width: number; height: number };
}

/** What the marks Shape drew last (src/features/board/stage/signature-marks.ts). */
export interface MarksState {
  selected: MarkedSignature | null;
  badges: Array<MarkedSignature & { text: string }>;
}

interface StageWindow {
  Konva: {
    stages: Array<{
      x(): number;
      y(): number;
      scaleX(): number;
      width(): number;
      height(): number;
      container(): HTMLElement;
      findOne(selector: string): { getAttr(name: string): unknown } | undefined;
    }>;
  };
}

export class ModerateBoard {
  constructor(readonly page: Page) {}

  /** The board's region. */
  get region() {
    return this.page.getByRole('region', { name: 'Wall (every signature)' });
  }

  /** The page (CSS) point showing a wall point. */
  async pageOf([x, y]: XY): Promise<XY> {
    return this.page.evaluate(
      ([wx, wy]) => {
        const stage = (window as unknown as StageWindow).Konva.stages[0]!;
        const box = stage.container().getBoundingClientRect();
        const s = stage.scaleX();
        return [box.left + wx * s + stage.x(), box.top + wy * s + stage.y()] as const;
      },
      [x, y] as const,
    );
  }

  /** The wall point at the middle of the board. */
  async centre(): Promise<XY> {
    return this.page.evaluate(() => {
      const stage = (window as unknown as StageWindow).Konva.stages[0]!;
      const s = stage.scaleX();
      return [(stage.width() / 2 - stage.x()) / s, (stage.height() / 2 - stage.y()) / s] as const;
    });
  }

  /** Screen pixels per wall pixel. */
  async scale(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as StageWindow).Konva.stages[0]!.scaleX());
  }

  async marks(): Promise<MarksState | null> {
    return this.page.evaluate(() => {
      const stage = (window as unknown as StageWindow).Konva.stages[0];
      const shape = stage?.findOne('.signature-marks');
      if (!shape) return null;
      return ((shape.getAttr('marks') as () => MarksState | undefined)() ?? null) as MarksState;
    });
  }

  /** Waits for the board to hold a badge for every id of `ids` (the wall and reports are in). */
  async waitForBadges(ids: readonly number[]): Promise<MarksState> {
    let state: MarksState | null = null;
    await expect
      .poll(async () => ((state = await this.marks())?.badges ?? []).map((b) => b.id).sort())
      .toEqual([...ids].sort());
    return state!;
  }
}

/** A grey level's brightness: the mean of its red, green and blue. */
export function brightness([r, g, b]: readonly number[]): number {
  return (r! + g! + b!) / 3;
}
