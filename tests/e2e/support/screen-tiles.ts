/**
 * The board's tiles on screen: each painted tile is a DOM element in the stage's
 * `.screen-tiles` box, placed by a CSS transform. These helpers watch those elements and the saved
 * signatures' layer canvas for any drawing, and read where the tiles sit.
 */
import type { Page } from '@playwright/test';

/**
 * A tile on screen: its test tag, where its box is on the page (CSS px) and its own transform
 * (within the pane the camera's offset moves).
 */
export interface PlacedTile {
  tag: number;
  x: number;
  y: number;
  width: number;
  transform: string;
}

/**
 * Tags the tiles on screen now (their elements: 'bitmaprenderer' canvases, each a tile's finished
 * paint) and counts, from here on, every new bitmap given to them and every drawing call on
 * the saved signatures' layer canvas (Konva's first layer). Returns how many were tagged.
 */
export async function watchScreenTiles(page: Page): Promise<number> {
  return page.evaluate(() => {
    const DRAWING = [
      'clearRect',
      'fillRect',
      'strokeRect',
      'drawImage',
      'putImageData',
      'fill',
      'stroke',
      'fillText',
      'strokeText',
    ] as const;
    const w = window as unknown as {
      __tileDraws: number;
      Konva: {
        stages: Array<{ getLayers(): Array<{ getCanvas(): { _canvas: HTMLCanvasElement } }> }>;
      };
    };
    w.__tileDraws = 0;
    const count = (ctx: object, names: readonly string[]) => {
      const methods = ctx as Record<string, (...a: unknown[]) => unknown>;
      for (const name of names) {
        const original = methods[name]!.bind(ctx);
        methods[name] = (...args: unknown[]) => {
          w.__tileDraws++;
          return original(...args);
        };
      }
    };
    const tiles = Array.from(
      document.querySelectorAll<HTMLCanvasElement>('.board-stage .screen-tiles canvas'),
    );
    tiles.forEach((canvas, i) => {
      canvas.dataset.tileTag = String(i);
      count(canvas.getContext('bitmaprenderer')!, ['transferFromImageBitmap']);
    });
    count(w.Konva.stages[0]!.getLayers()[0]!.getCanvas()._canvas.getContext('2d')!, DRAWING);
    return tiles.length;
  });
}

/** New copies and drawing calls on the watched canvases since `watchScreenTiles`. */
export async function screenTileDraws(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __tileDraws: number }).__tileDraws);
}

/** The tagged tiles still on screen, with their placement. */
export async function placedTiles(page: Page): Promise<PlacedTile[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLCanvasElement>('.board-stage .screen-tiles canvas'))
      .filter((c) => c.dataset.tileTag !== undefined)
      .map((c) => {
        const box = c.getBoundingClientRect();
        const transform = getComputedStyle(c).transform;
        return { tag: Number(c.dataset.tileTag), x: box.x, y: box.y, width: box.width, transform };
      }),
  );
}
