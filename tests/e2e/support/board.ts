/**
 * Page object for the board: opening it, switching modes, drawing and panning with the mouse or
 * with touch (CDP Input.dispatchTouchEvent: real touch and pointer events, docs/research/konva.md §5),
 * and reading what the canvas really shows.
 *
 * Screen coordinates are CSS pixels from the page's top left (the stage fills the window);
 * wall coordinates are the 3200×3200 wall's own.
 */
import { createHash } from 'node:crypto';
import { type CDPSession, type Locator, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { PNG } from 'pngjs';
import type { Rect } from '../../../src/domain/geometry.ts';
import type { TileState } from '../../../src/features/board/stage/tiles/tile-state.ts';
import { consoleErrors, recordConsoleErrors } from './console.ts';
import { test as base, type WallServer } from './fixtures.ts';
import { decodePng, type Box, type DecodedPng } from './png.ts';

export type XY = readonly [number, number];
export type Rgba = [number, number, number, number];

export const WHITE: Rgba = [255, 255, 255, 255];
export const WALL_GREY: Rgba = [51, 51, 51, 255];

/** How long a toast stays (spec §4); retyped, not imported, so a change to the app fails a test. */
export const TOAST_MS = 2000;

export const TOASTS = {
  loaded: 'Signatures loaded!',
  loadError: 'Error loading signatures.',
  saving: 'Saving...',
  saved: 'Signature saved!',
  saveError: 'Error saving signature.',
  canceled: 'Drawing canceled',
  drawingEnabled: 'Drawing enabled',
  panningEnabled: 'Panning enabled',
  blocked: "You can't draw over an existing signature!",
  tooBig: 'A signature must fit in 800 × 600 px!',
  tooManyStrokes: 'A signature holds at most 64 strokes!',
  tooManyPoints: 'A signature holds at most 3,000 points!',
  tooLong: 'A signature holds at most 20,000 px of strokes!',
  tooDense: 'Too much ink in too little space: draw bigger!',
  captionTooLong: 'A signature this small holds a shorter caption!',
} as const;

/** A Konva rectangle's attributes as the page holds them. */
export interface RectAttrs {
  x: number;
  y: number;
  width: number;
  height: number;
  dash?: number[];
  stroke?: string;
}

interface KonvaWindow {
  Konva: {
    pixelRatio: number;
    stages: Array<{
      x(): number;
      y(): number;
      scaleX(): number;
      width(): number;
      height(): number;
      isDragging(): boolean;
      draggable(): boolean;
      getLayers(): Array<{
        listening(): boolean;
        getCanvas(): { getPixelRatio(): number };
      }>;
      container(): HTMLElement;
      toCanvas(config: object): HTMLCanvasElement;
      draw(): void;
      findOne(selector: string): { getAttr(name: string): unknown } | undefined;
    }>;
  };
}

/**
 * Whether a frame showed `camera`'s view: the same corner, and a size within 1 % (a canvas is a
 * whole number of device pixels; a zoom step changes the size by 8 %).
 */
function sameView(drawn: Rect | null, camera: Rect): boolean {
  if (!drawn) return false;
  const near = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance;
  return (
    near(drawn.x, camera.x, 1e-3) &&
    near(drawn.y, camera.y, 1e-3) &&
    near(drawn.width, camera.width, camera.width / 100) &&
    near(drawn.height, camera.height, camera.height / 100)
  );
}

/** A straight line of `steps` + 1 evenly spaced points from a to b. */
export function line(a: XY, b: XY, steps = 10): XY[] {
  return Array.from(
    { length: steps + 1 },
    (_, i) => [a[0] + ((b[0] - a[0]) * i) / steps, a[1] + ((b[1] - a[1]) * i) / steps] as const,
  );
}

export class Board {
  private cdp: CDPSession | null = null;

  constructor(
    readonly page: Page,
    readonly wall: WallServer,
  ) {}

  get toast(): Locator {
    return this.page.getByTestId('toast');
  }
  get readout(): Locator {
    return this.page.getByTestId('pointer-readout');
  }
  get back(): Locator {
    return this.page.getByRole('button', { name: 'Back' });
  }
  /** The mode toggle, whichever label it shows. */
  get toggleButton(): Locator {
    return this.page.getByRole('button', { name: /^(Sign|Pan)$/ });
  }
  get captionInput(): Locator {
    return this.page.getByRole('textbox', { name: /Caption/ });
  }
  get captionBox(): Locator {
    return this.page.getByRole('form', { name: 'New signature' });
  }
  get saveButton(): Locator {
    return this.page.getByRole('button', { name: 'Save' });
  }
  get undoButton(): Locator {
    return this.page.getByRole('button', { name: 'Undo stroke' });
  }
  get cancelButton(): Locator {
    return this.page.getByRole('button', { name: 'Cancel' });
  }

  /** Welcome card → Sign! → board, and waits for the wall's load toast. */
  async open(path = '/', expectedToast: string = TOASTS.loaded): Promise<void> {
    await this.page.goto(`${this.wall.url}${path}`);
    await this.page.getByRole('button', { name: 'Sign!' }).click();
    // From the record, not the screen: on a slow machine the 2 s toast may be gone by the look.
    await expect.poll(() => this.toastsShown()).toContain(expectedToast);
    // The controls join the wall once its first screen is drawn (use-wall-first.ts): a test that
    // stops the page's clock next finds them there.
    await expect(this.back).toBeVisible();
  }

  /**
   * Lets the toast on screen expire (spec: after 2 s) by running the page's clock past it instead of
   * waiting: the test calls `page.clock.install()` before it opens the page.
   */
  async expireToasts(): Promise<void> {
    await this.page.clock.runFor(TOAST_MS);
    await expect(this.toast).toHaveCount(0);
  }

  /**
   * Types a caption key by key, as a visitor does. Not `fill()`: in Firefox (WebDriver BiDi)
   * Playwright fills an input by setting its `value` in page script, which React's change tracking
   * takes for its own write, so no onChange fires and the saved caption stayed null.
   */
  async typeCaption(text: string): Promise<void> {
    await this.captionInput.pressSequentially(text);
    await expect(this.captionInput).toHaveValue(text);
  }

  /** Switches to drawing mode and waits for its toast. */
  async drawMode(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(this.toast).toHaveText(TOASTS.drawingEnabled);
  }

  async panMode(): Promise<void> {
    await this.page.getByRole('button', { name: 'Pan', exact: true }).click();
    await expect(this.toast).toHaveText(TOASTS.panningEnabled);
  }

  /** A mouse stroke through the given screen points (press at the first, release at the last). */
  async drawStroke(points: readonly XY[], { release = true } = {}): Promise<void> {
    const [first, ...rest] = points;
    await this.page.mouse.move(first![0], first![1]);
    await this.page.mouse.down();
    for (const [x, y] of rest) await this.page.mouse.move(x, y);
    if (release) await this.page.mouse.up();
  }

  /**
   * Moves the mouse (buttons as they are) off the window, left of the wall: with Chromium's
   * DevTools protocol a real move there, which the wall, holding the pointer, hears at x = -20.
   * WebDriver BiDi refuses a pointer outside the viewport, and a floating control is no longer
   * "off the wall" (a gesture keeps the pointer), so in Firefox the page is handed that same
   * move: a pointermove at x = -20 for the pressed mouse, on the element holding the pointer.
   */
  async leaveWall(y: number): Promise<void> {
    if (this.page.context().browser()?.browserType().name() === 'chromium') {
      await this.page.mouse.move(-20, y);
      return;
    }
    await this.page.evaluate((clientY) => {
      const pointerId = (window as unknown as { __pressedPointer: number }).__pressedPointer;
      const holder = document.querySelector('.board-stage')!;
      holder.dispatchEvent(
        new PointerEvent('pointermove', {
          pointerId,
          pointerType: 'mouse',
          buttons: 1,
          clientX: -20,
          clientY,
          bubbles: true,
        }),
      );
    }, y);
  }

  /**
   * The page's last 60 pointer events (type, id, where, on what), printed with a failed test: a
   * gesture that went wrong once on a busy CI machine tells its story without a rerun.
   */
  static async recordPointerEvents(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { __pointerLog: string[] }).__pointerLog = log;
      const types = ['pointerdown', 'pointerup', 'pointercancel', 'lostpointercapture'];
      for (const type of [...types, 'pointermove']) {
        window.addEventListener(
          type,
          (e) => {
            const p = e as PointerEvent;
            const target =
              p.target instanceof Element ? p.target.className || p.target.tagName : '';
            log.push(
              `${Math.round(p.timeStamp)} ${p.type} #${p.pointerId} ${p.pointerType} ` +
                `(${Math.round(p.clientX)},${Math.round(p.clientY)}) on ${String(target)}`,
            );
            if (log.length > 60) log.shift();
          },
          true,
        );
      }
    });
  }

  static async pointerLog(page: Page): Promise<string> {
    return page
      .evaluate(() => (window as unknown as { __pointerLog?: string[] }).__pointerLog ?? [])
      .then((log) => log.join('\n'))
      .catch(() => '(the page is gone)');
  }

  /** Remembers the pointer last pressed (Firefox's leaveWall moves it). */
  static async recordPressedPointer(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const w = window as unknown as { __pressedPointer: number };
      w.__pressedPointer = 1;
      window.addEventListener('pointerdown', (e) => (w.__pressedPointer = e.pointerId), true);
    });
  }

  /**
   * A drag of (dx, dy) from just beyond the bottom-right corner of "Wall overview" (on the wall,
   * so the press is the wall's), up and to the left across the overview: the path, and the
   * points along it of which at least one lies over the overview.
   */
  async pathAcrossOverview(dx: number, dy: number, steps = 20): Promise<XY[]> {
    const box = (await this.page.getByRole('region', { name: 'Wall overview' }).boundingBox())!;
    const size = this.page.viewportSize()!;
    const from: XY = [
      Math.min(size.width - 2, box.x + box.width + 4),
      Math.min(size.height - 2, box.y + box.height + 4),
    ];
    const path = line(from, [from[0] - dx, from[1] - dy], steps);
    const over = path.filter(
      ([x, y]) => x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height,
    );
    expect(over.length, 'points of the drag over the overview').toBeGreaterThan(0);
    return path;
  }

  /** Drags the wall with the mouse from `from` by (dx, dy), in `steps` moves. */
  async panBy(dx: number, dy: number, from: XY = [640, 400], steps = 10): Promise<void> {
    await this.drawStroke(line(from, [from[0] + dx, from[1] + dy], steps));
  }

  /** The stage's offset: the screen position of the wall's top-left corner. */
  async offset(): Promise<{ x: number; y: number }> {
    return this.page.evaluate(() => {
      const stage = (window as unknown as KonvaWindow).Konva.stages[0]!;
      return { x: stage.x(), y: stage.y() };
    });
  }

  /** The wall point shown at a screen point. */
  async toWall([x, y]: XY): Promise<XY> {
    const o = await this.offset();
    return [x - o.x, y - o.y];
  }

  /**
   * What the visitor sees at these screen pixels: the canvas (stage.toCanvas at pixel ratio 1,
   * so independent of the device's DPR) composited over the colour the page paints behind it.
   */
  async pixels(points: readonly XY[]): Promise<Rgba[]> {
    return this.page.evaluate((pts) => {
      const stage = (window as unknown as KonvaWindow).Konva.stages[0]!;
      let el: HTMLElement | null = stage.container();
      let background = 'rgba(0, 0, 0, 0)';
      while (el && background === 'rgba(0, 0, 0, 0)') {
        background = getComputedStyle(el).backgroundColor;
        el = el.parentElement;
      }
      return pts.map(([x, y]) => {
        const canvas = document.createElement('canvas');
        canvas.width = 1;
        canvas.height = 1;
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, 1, 1);
        ctx.drawImage(stage.toCanvas({ x, y, width: 1, height: 1, pixelRatio: 1 }), 0, 0);
        return [...ctx.getImageData(0, 0, 1, 1).data] as [number, number, number, number];
      });
    }, points);
  }

  /**
   * What the screen really shows at these CSS pixels: one screenshot of the page (the frame the
   * compositor has, whatever the board's layers are still painting), read at CSS scale.
   */
  async screenPixels(points: readonly XY[]): Promise<Rgba[]> {
    const png = PNG.sync.read(await this.page.screenshot({ scale: 'css' }));
    return points.map(([x, y]) => {
      const i = (Math.floor(y) * png.width + Math.floor(x)) * 4;
      return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, png.data[i + 3]!];
    });
  }

  async pixelAt(point: XY): Promise<Rgba> {
    return (await this.pixels([point]))[0]!;
  }

  /**
   * The canvas's pixels at wall points, whatever the zoom: the stage rendered at scale 1 from the
   * wall's origin (stage.toCanvas at pixel ratio 1), over the page's wall colour. The camera is
   * put back untouched, and nothing is drawn on screen meanwhile.
   */
  async wallPixels(points: readonly XY[]): Promise<Rgba[]> {
    return this.page.evaluate((pts) => {
      const stage = (window as unknown as KonvaWindow).Konva.stages[0]! as unknown as {
        scale(s?: { x: number; y: number }): { x: number; y: number };
        position(p?: { x: number; y: number }): { x: number; y: number };
        container(): HTMLElement;
        toCanvas(config: object): HTMLCanvasElement;
      };
      const scale = stage.scale();
      const position = stage.position();
      const background = getComputedStyle(stage.container().parentElement!).backgroundColor;
      stage.scale({ x: 1, y: 1 });
      stage.position({ x: 0, y: 0 });
      try {
        return pts.map(([x, y]) => {
          const canvas = document.createElement('canvas');
          canvas.width = 1;
          canvas.height = 1;
          const ctx = canvas.getContext('2d')!;
          ctx.fillStyle = background;
          ctx.fillRect(0, 0, 1, 1);
          ctx.drawImage(stage.toCanvas({ x, y, width: 1, height: 1, pixelRatio: 1 }), 0, 0);
          return [...ctx.getImageData(0, 0, 1, 1).data] as Rgba;
        });
      } finally {
        stage.scale(scale);
        stage.position(position);
      }
    }, points);
  }

  /**
   * The canvas's pixels in a rectangle of the wall, read as `wallPixels` reads them (the stage at
   * scale 1 from the wall's origin, over the page's wall colour) but in one go: a PNG whose
   * pixel (0, 0) is the rectangle's top-left corner, so `find` boxes are offset by it.
   */
  async wallImage(box: Box): Promise<DecodedPng> {
    const dataUrl = await this.page.evaluate((r) => {
      const stage = (window as unknown as KonvaWindow).Konva.stages[0]! as unknown as {
        scale(s?: { x: number; y: number }): { x: number; y: number };
        position(p?: { x: number; y: number }): { x: number; y: number };
        container(): HTMLElement;
        toCanvas(config: object): HTMLCanvasElement;
      };
      const scale = stage.scale();
      const position = stage.position();
      const background = getComputedStyle(stage.container().parentElement!).backgroundColor;
      stage.scale({ x: 1, y: 1 });
      stage.position({ x: 0, y: 0 });
      try {
        const canvas = document.createElement('canvas');
        canvas.width = r.width;
        canvas.height = r.height;
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, r.width, r.height);
        ctx.drawImage(stage.toCanvas({ ...r, pixelRatio: 1 }), 0, 0);
        return canvas.toDataURL('image/png');
      } finally {
        stage.scale(scale);
        stage.position(position);
      }
    }, box);
    return decodePng(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
  }

  /** What the screen shows in a rectangle of CSS pixels: a screenshot, read at CSS scale. */
  async screenImage(clip: Box): Promise<DecodedPng> {
    return decodePng(await this.page.screenshot({ clip, scale: 'css' }));
  }

  /** The dashed selection outlines on the board (the pending signature's), in wall pixels. */
  async selectionRects(): Promise<RectAttrs[]> {
    return this.page.evaluate(() => {
      const w = window as unknown as {
        Konva: { stages: Array<{ find(s: string): Array<{ attrs: RectAttrs }> }> };
      };
      return w.Konva.stages[0]!.find('Rect').map((r) => ({ ...r.attrs }));
    });
  }

  /**
   * What the board's tiles showed in the last frame on screen (the renderer's `tileState`, on
   * its Shape named 'signature-tiles'): the signatures painted in the tiles in view that meet the
   * view, whether every tile in view was current, and how many tiles and bytes its cache holds.
   */
  async tileState(): Promise<TileState> {
    return this.page.evaluate(() => {
      const stage = (window as unknown as KonvaWindow).Konva.stages[0]!;
      const shape = stage.findOne('.signature-tiles')!;
      return (shape.getAttr('tileState') as () => TileState)();
    });
  }

  /**
   * The tiles' state once a frame on screen has shown every tile in view painted with the current
   * signatures: tiles paint over a few frames after a change, as a visitor would see.
   */
  async drawnTileState(): Promise<TileState> {
    // The state describes the last frame drawn, and a camera move asks for its draw in the next
    // animation frame (Konva's batchDraw): until that frame, the state is of the view before the
    // move (Firefox once read a pan's tiles 7 moves of 10 in). So wait for a frame that showed
    // where the camera is now, not for a frame as such: under a paused page clock no frame comes.
    let state: TileState | null = null;
    await expect
      .poll(async () => {
        const [drawn, now] = await Promise.all([this.tileState(), this.cameraView()]);
        state = drawn;
        return drawn.viewDrawn && sameView(drawn.view, now);
      }, 'the view is drawn where the camera is')
      .toBe(true);
    return state!;
  }

  /** The part of the wall the camera shows now, as the tiles' renderer computes it for a frame. */
  private async cameraView(): Promise<Rect> {
    return this.page.evaluate(() => {
      const stage = (window as unknown as KonvaWindow).Konva.stages[0]!;
      const scale = stage.scaleX();
      return {
        x: -stage.x() / scale,
        y: -stage.y() / scale,
        width: stage.width() / scale,
        height: stage.height() / scale,
      };
    });
  }

  /** How many saved signatures the tiles in view show, once drawn. */
  async shownSignatures(): Promise<number> {
    return (await this.drawnTileState()).idsInView.length;
  }

  /** The stage's offset and scale: screen = wall × scale + offset. */
  async camera(): Promise<{ x: number; y: number; scale: number }> {
    return this.page.evaluate(() => {
      const stage = (window as unknown as KonvaWindow).Konva.stages[0]!;
      return { x: stage.x(), y: stage.y(), scale: stage.scaleX() };
    });
  }

  /** The wall point shown at a screen point, at any scale. */
  async wallAt([x, y]: XY): Promise<XY> {
    const c = await this.camera();
    return [(x - c.x) / c.scale, (y - c.y) / c.scale];
  }

  /** The screen point showing a wall point, at any scale. */
  async screenOf([x, y]: XY): Promise<XY> {
    const c = await this.camera();
    return [x * c.scale + c.x, y * c.scale + c.y];
  }

  /** The captions of the saved signatures the tiles in view show, once drawn. */
  async shownCaptions(): Promise<string[]> {
    return (await this.drawnTileState()).captionsInView;
  }

  /** Counts React commits (every renderer: react-dom and react-konva) from the page's start. */
  static async countCommits(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const w = window as unknown as { __commits: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: object };
      w.__commits = 0;
      // React reports each commit to a DevTools hook if one exists, production builds included.
      w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        isDisabled: false,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => {},
        onScheduleFiberRoot: () => {},
        onCommitFiberRoot: () => {
          w.__commits += 1;
        },
        onPostCommitFiberRoot: () => {},
        onCommitFiberUnmount: () => {},
      };
    });
  }

  async commits(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { __commits: number }).__commits);
  }

  /**
   * Records the text of every toast inserted from the page's start, however short-lived. The
   * `board` fixture installs it for every test.
   */
  static async recordToasts(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const w = window as unknown as { __toasts: string[] };
      w.__toasts = [];
      new MutationObserver((mutations) => {
        for (const m of mutations) {
          m.addedNodes.forEach((node) => {
            // Each toast is a new element (keyed by its sequence number).
            if (node instanceof HTMLElement && node.dataset.testid === 'toast') {
              w.__toasts.push(node.textContent ?? '');
            }
          });
        }
      }).observe(document, { childList: true, subtree: true });
    });
  }

  async toastsShown(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
  }

  /** Every console.error the page logged from its start, as text (support/console.ts). */
  async consoleErrors(): Promise<string[]> {
    return consoleErrors(this.page);
  }

  // Touch, through the DevTools protocol: the browser turns these into touch and pointer events.

  private async session(): Promise<CDPSession> {
    this.cdp ??= await this.page.context().newCDPSession(this.page);
    return this.cdp;
  }

  /** Sends one touch event; `touches` lists every finger down after it (id → position). */
  async touch(
    type: 'touchStart' | 'touchMove' | 'touchEnd' | 'touchCancel',
    touches: ReadonlyArray<{ id: number; at: XY }>,
  ): Promise<void> {
    const cdp = await this.session();
    await cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: touches.map(({ id, at }) => ({ id, x: at[0], y: at[1] })),
    });
  }

  /** One finger along the points, lifted at the end. */
  async touchStroke(points: readonly XY[], { lift = true } = {}): Promise<void> {
    const [first, ...rest] = points;
    await this.touch('touchStart', [{ id: 1, at: first! }]);
    for (const p of rest) await this.touch('touchMove', [{ id: 1, at: p }]);
    if (lift) await this.touch('touchEnd', []);
  }

  async touchPanBy(dx: number, dy: number, from: XY = [195, 500], steps = 10): Promise<void> {
    await this.touchStroke(line(from, [from[0] + dx, from[1] + dy], steps));
  }
}

/**
 * Before a screenshot Playwright adds `<style>body {}</style>` to the page for a moment (to settle
 * animations). The app's Content-Security-Policy (style-src 'self') blocks it; Chromium's
 * protocol bypasses the policy for it, Firefox reports the block, which Playwright hands over as a
 * page error. Only that style's report is the test's own doing, known by its hash.
 */
const PLAYWRIGHT_SCREENSHOT_STYLE = createHash('sha256').update('body {}').digest('base64');
function isPlaywrightScreenshotStyle(error: Error): boolean {
  const text = `${error.name}: ${error.message}`;
  return text.startsWith('Content-Security-Policy') && text.includes(PLAYWRIGHT_SCREENSHOT_STYLE);
}

/** The fixtures' `test` plus `board`, the page object on this test's page and wall. */
export const test = base.extend<{ board: Board }>({
  board: async ({ page, wall }, provide) => {
    // An uncaught exception in the page is a bug whatever the test checks.
    const crashes: string[] = [];
    page.on('pageerror', (error) => {
      if (!isPlaywrightScreenshotStyle(error)) crashes.push(error.stack ?? error.message);
    });
    await Board.recordToasts(page);
    await Board.recordPressedPointer(page);
    await Board.recordPointerEvents(page);
    await recordConsoleErrors(page);
    await provide(new Board(page, wall));
    const info = base.info();
    if (info.status !== info.expectedStatus) {
      // Printed with the failure (a test's output is; an attachment's text is cut short).
      console.log(`The page's last pointer events:\n${await Board.pointerLog(page)}`);
    }
    expect(crashes, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };
