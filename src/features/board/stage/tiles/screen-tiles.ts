/**
 * The tiles on screen as DOM elements, the way map engines show theirs: each painted
 * tile in view has an element in a box over the stage's area, behind the draft layer, placed by a
 * CSS transform. A camera move then changes transforms only: nothing is cleared, redrawn or handed
 * to the compositor again. Composing the tiles on one viewport-sized canvas instead cost a phone
 * (4× CPU slowdown) ~25 ms of main thread per frame, copying that canvas to the compositor.
 *
 * The element is the tile's sealed paint (tile.ts: a canvas element holding its bitmap in a
 * 'bitmaprenderer' context), or, where a browser cannot seal, a copy of its 2D canvas made when the
 * paint changes: Chromium hands every 2D canvas on screen to its compositor again at every frame,
 * changed or not (~0.3 ms each on that phone, a few dozen tiles in view), and a bitmap once.
 *
 * Handing a tile's bitmap to the compositor is paid in the frame's commit, on the main thread
 * (~8 ms a tile on that phone): while the camera moves, at most NEW_PER_MOVING_FRAME tiles come
 * on screen per frame, and the rest in the frames after (show says how many waited), so a pan
 * that brings a row of tiles into view spreads them over a few frames instead of one long one.
 *
 * A tile lands on whole device pixels of the screen, as tile-draw.ts's deviceRect places it on a
 * canvas, so neighbours meet without seams. While the scale keeps changing (a wheel turn, a pinch)
 * the tiles keep where they were placed and the pane alone is scaled, as map engines zoom: one
 * transform per frame instead of one per tile (restyling ~50 tiles each zoom frame cost a slow
 * phone most of its frame); once the scale holds they are placed on whole pixels again. A tile not painted yet is covered by its fallback
 * level's tiles, placed beneath the painted ones and clipped to the tiles they stand in for (tiles
 * are transparent between strokes: unclipped, a stale or blurrier level would show through).
 */
import type { Rect } from '../../../../domain/geometry.ts';
import { TILE_PIXELS } from '../../model/tiles.ts';
import { deviceRect } from './tile-draw.ts';
import { isSealed, type Tile, type TilePaint } from './tile.ts';

/** The box's class: `.board-stage .screen-tiles canvas` are the tiles on screen. */
export const SCREEN_TILES_CLASS = 'screen-tiles';

/** Painted tiles in front; fallbacks beneath them (and beneath nothing else). */
const FRONT = '1';
const BENEATH = '0';
const NO_CLIP = 'none';

interface Placement {
  readonly transform: string;
  readonly clip: string;
  readonly z: string;
}

/** A tile's element on screen, and what it was last given. */
interface Shown {
  element: HTMLCanvasElement;
  version: number;
  placement: Placement | null;
}

/**
 * Elements of tiles that left the view, kept as they are (a copy, where tiles are copied: 8 MB at
 * most): a zoom that goes back over a level boundary, or a pan back and forth, shows them again
 * without copying each again (a level's worth of copies in one frame was a long task on a slow
 * phone).
 */
const KEPT_OFF_SCREEN = 32;

/** Tiles that come on screen in one frame while the camera moves. */
const NEW_PER_MOVING_FRAME = 1;

/** A number for CSS, short and exact enough (a thousandth of a pixel). */
const css = (v: number) => String(Math.round(v * 1000) / 1000);

export class ScreenTiles {
  readonly element: HTMLDivElement;
  /**
   * The tiles' parent, moved by the camera's offset in whole device pixels: a pan moves it alone,
   * and the tiles in it keep their transforms (but where rounding puts one a pixel further).
   */
  private readonly pane: HTMLDivElement;
  private paneTransform = '';
  /** The camera (wall to device pixels) the tiles on screen were placed for. */
  private placedWith: DOMMatrix | null = null;
  /**
   * The tiles were placed for another camera than the one they show (a zoom under way: the pane
   * carries them), so not on whole device pixels.
   */
  scaled = false;
  private shown = new Map<Tile, Shown>();
  /** Off screen, least recently shown first. */
  private kept = new Map<Tile, Shown>();
  /** Elements of tiles that left the view, emptied, for the next ones. */
  private spare: HTMLCanvasElement[] = [];
  /**
   * The box goes into the stage's content just before `layerCanvas`, which it stands in for: that
   * canvas, never drawn on screen (tile-renderer.ts), is hidden meanwhile.
   */
  constructor(private readonly layerCanvas: HTMLCanvasElement) {
    const box = document.createElement('div');
    box.className = SCREEN_TILES_CLASS;
    box.setAttribute('aria-hidden', 'true');
    Object.assign(box.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      width: '100%',
      height: '100%',
      overflow: 'hidden',
      pointerEvents: 'none',
    });
    this.pane = document.createElement('div');
    Object.assign(this.pane.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      transformOrigin: '0 0',
      // Its own compositor layer: a pan is then a change of one transform, no repaint.
      willChange: 'transform',
    });
    box.appendChild(this.pane);
    layerCanvas.parentElement?.insertBefore(box, layerCanvas);
    layerCanvas.style.visibility = 'hidden';
    this.element = box;
  }

  /**
   * Shows `tiles` (the view's, at its level) where the camera puts them, and `beneath`: each
   * fallback tile with the unpainted tiles it covers. `m` maps the wall to the layer's pixels
   * (`pixelRatio` per CSS pixel); tiles are placed on the screen's own device pixels. Returns how
   * many tiles wait for a later frame to come on screen (`moving`: the camera moves).
   */
  show(
    m: DOMMatrix,
    pixelRatio: number,
    tiles: readonly Tile[],
    beneath: ReadonlyMap<Tile, readonly Tile[]>,
    zooming: boolean,
    moving: boolean,
  ): number {
    const dpr = window.devicePixelRatio || 1;
    const k = dpr / pixelRatio;
    const screen = new DOMMatrix([m.a * k, 0, 0, m.d * k, m.e * k, m.f * k]);
    // Zooming: tiles are placed (the new ones too) where the last placement's camera put them,
    // and the pane carries them from there to where this camera puts them.
    if (!zooming || !this.placedWith) this.placedWith = screen;
    const placed = this.placedWith;
    const [ox, oy] = [Math.round(placed.e), Math.round(placed.f)];
    const r = screen.a / placed.a;
    const pane =
      r === 1 && screen.e === placed.e && screen.f === placed.f
        ? `translate(${css(ox / dpr)}px,${css(oy / dpr)}px)`
        : `translate(${css((screen.e - r * (placed.e - ox)) / dpr)}px,` +
          `${css((screen.f - r * (placed.f - oy)) / dpr)}px) scale(${r})`;
    this.scaled = placed !== screen;
    if (this.paneTransform !== pane) {
      this.pane.style.transform = pane;
      this.paneTransform = pane;
    }
    const next = new Map<Tile, Placement>();
    const place = (tile: Tile, z: string, clip: string) => {
      if (!tile.shown || next.has(tile)) return;
      const [x0, y0, x1, y1] = deviceRect(placed, tile.rect);
      const transform =
        `matrix(${css((x1 - x0) / dpr / TILE_PIXELS)},0,0,${css((y1 - y0) / dpr / TILE_PIXELS)},` +
        `${css((x0 - ox) / dpr)},${css((y0 - oy) / dpr)})`;
      next.set(tile, { transform, clip, z });
    };
    for (const tile of tiles) place(tile, FRONT, NO_CLIP);
    for (const [fallback, covered] of beneath) place(fallback, BENEATH, clipTo(fallback, covered));

    for (const [tile, shown] of this.shown) {
      if (next.has(tile)) continue;
      this.shown.delete(tile);
      shown.element.remove();
      this.kept.set(tile, shown);
    }
    let arriving = moving ? NEW_PER_MOVING_FRAME : Infinity;
    let waiting = 0;
    for (const [tile, placement] of next) {
      if (!this.shown.has(tile) && arriving-- <= 0) waiting++;
      else this.update(tile, placement);
    }
    for (const [tile, shown] of this.kept) {
      // Oldest first; a freed tile is never shown again (its key gets a new Tile).
      if (this.kept.size <= KEPT_OFF_SCREEN && !tile.freed) continue;
      this.kept.delete(tile);
      this.release(shown.element, tile);
    }
    return waiting;
  }

  destroy(): void {
    for (const { element } of [...this.shown.values(), ...this.kept.values()])
      this.release(element);
    this.shown.clear();
    this.kept.clear();
    this.spare = [];
    this.element.remove();
    this.layerCanvas.style.visibility = '';
  }

  private update(tile: Tile, placement: Placement): void {
    const paint = tile.shown!;
    let shown = this.shown.get(tile);
    if (!shown) {
      shown = this.kept.get(tile) ?? {
        element: isSealed(paint) ? styled(paint) : (this.spare.pop() ?? this.newElement()),
        version: -1,
        placement: null,
      };
      this.kept.delete(tile);
      this.shown.set(tile, shown);
      this.pane.appendChild(shown.element);
    }
    if (shown.version !== tile.shownVersion) {
      if (isSealed(paint)) {
        // A new paint is a new element: it takes the old one's place.
        if (shown.element !== paint) {
          this.release(shown.element, tile);
          shown.element = styled(paint);
          shown.placement = null;
          this.pane.appendChild(paint);
        }
      } else this.copy(paint, shown.element);
      shown.version = tile.shownVersion;
    }
    // Only what changed: a style read back is reformatted, so the last values are kept here.
    const { style } = shown.element;
    const last = shown.placement;
    if (last?.transform !== placement.transform) style.transform = placement.transform;
    if (last?.z !== placement.z) style.zIndex = placement.z;
    if (last?.clip !== placement.clip) style.clipPath = placement.clip;
    shown.placement = placement;
  }

  private newElement(): HTMLCanvasElement {
    const element = document.createElement('canvas');
    element.width = TILE_PIXELS;
    element.height = TILE_PIXELS;
    return styled(element);
  }

  /**
   * Shows a copy of `source` in `element`: only where tiles are not sealed (tile.ts), a browser
   * without OffscreenCanvas, whose canvases the copy is drawn with.
   */
  private copy(source: TilePaint, element: HTMLCanvasElement): void {
    const ctx = element.getContext('2d')!;
    ctx.clearRect(0, 0, TILE_PIXELS, TILE_PIXELS);
    ctx.drawImage(source, 0, 0);
  }

  /**
   * Takes an element off screen. A sealed paint that `owner` still shows stays its own; one it no
   * longer shows (or of no owner) is let go here, where it leaves the screen (tile.ts leaves such
   * a paint to the screen). A copy's element is kept for another tile.
   */
  private release(element: HTMLCanvasElement, owner?: Tile): void {
    element.remove();
    element.style.transform = element.style.clipPath = element.style.zIndex = '';
    if (isSealed(element as TilePaint)) {
      if (owner?.shown !== element)
        element.getContext('bitmaprenderer')!.transferFromImageBitmap(null);
      return;
    }
    this.spare.push(element);
  }
}

/** An element in the form the screen places: a tile's box at its level's scale, from its corner. */
function styled(element: HTMLCanvasElement): HTMLCanvasElement {
  Object.assign(element.style, {
    position: 'absolute',
    left: '0',
    top: '0',
    // The CSS box of a tile at its level's scale; the transform scales it from there.
    width: `${TILE_PIXELS}px`,
    height: `${TILE_PIXELS}px`,
    transformOrigin: '0 0',
  });
  return element;
}

/**
 * A fallback tile's clip: the union of the tiles it stands in for, in its own CSS box (one tile
 * pixel per CSS pixel before the transform).
 */
function clipTo(fallback: Tile, covered: readonly Tile[]): string {
  const local = (r: Rect) => {
    const x = (r.x - fallback.rect.x) * fallback.scale;
    const y = (r.y - fallback.rect.y) * fallback.scale;
    const w = r.width * fallback.scale;
    const h = r.height * fallback.scale;
    return `M${css(x)} ${css(y)}h${css(w)}v${css(h)}h${css(-w)}z`;
  };
  return `path('${covered.map((t) => local(t.rect)).join('')}')`;
}
