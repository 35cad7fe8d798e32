/**
 * Draws the saved signatures from cached bitmap tiles, so a pan or zoom frame costs the
 * same whatever the wall holds. On screen the tiles are DOM elements (screen-tiles.ts):
 * the layer's own canvas stays blank and hidden, and its Shape's sceneFunc, run on each of the
 * layer's draws as before, only places them. Tiles are painted in small steps on later frames
 * (the view first, nearest its centre first), then, when the page is idle, a ring around the view
 * and the whole wall at the furthest zoom, so a pan finds its tiles ready. A level still missing
 * is covered by the nearest cached level, scaled.
 *
 * When a frame on screen shows every tile in view painted with the current signatures, the
 * renderer marks `signwall:view-drawn` (once per change of the signatures) for benchmarks.
 *
 * Drawn anywhere else (stage.toCanvas, as the tests' pixel probes do), the sceneFunc composes the
 * tiles it needs with drawImage, painted at once: such a picture always shows the current wall.
 *
 * A board may dim some signatures (the owner's, /moderate): a signature dimmed or undimmed is
 * repainted like one that left, in the tiles it touches only.
 */
import type KonvaTypes from 'konva';
import Konva from '../konva.ts';
import { minScale } from '../../../../domain/camera.ts';
import { rectsMeet, type Rect } from '../../../../domain/geometry.ts';
import type { Signature } from '../../../../domain/signature.ts';
import {
  levelForScale,
  tilesAhead,
  tilesByDistance,
  tilesInView,
  type TileCoord,
} from '../../model/tiles.ts';
import { BoardTiles } from './board-tiles.ts';
import { cancelIdle, requestIdle } from './idle.ts';
import { dimmingPainter } from './signature-painter.ts';
import { NO_IDS, PaintedWall } from './painted-signatures.ts';
import { drawTiles, fallbackFor } from './tile-draw.ts';
import { ScreenTiles } from './screen-tiles.ts';
import { tileStateOf, type TileState } from './tile-state.ts';
import {
  discardPrepainted,
  onPrepainted,
  startFromPaintAhead,
  stopPaintingAhead,
} from './first-view.ts';
import {
  addToTile,
  isCurrent,
  paintTile,
  repaintTile,
  type SignaturePainter,
  type Tile,
} from './tile.ts';
import { paintSignature } from '../../../../ui/paint-signature.ts';

export const VIEW_DRAWN_MARK = 'signwall:view-drawn';
/** The Shape's Konva name: `stage.findOne('.signature-tiles')`. */
export const TILES_SHAPE_NAME = 'signature-tiles';

/** Painting per frame while the camera moves: a 60 Hz frame keeps room for composing. */
const MOVING_BUDGET_MS = 4;
/** Painting per frame while nothing moves: the view fills faster, still under a long task. */
const STILL_BUDGET_MS = 20;
/** Idle prefetching per slice. */
const IDLE_BUDGET_MS = 10;
/** After a camera move, frames count as moving this long. */
const MOVING_FOR_MS = 300;
/**
 * While the scale keeps changing (a wheel turn, a pinch) a level may be left before it is
 * painted: if another level covers the missing tiles meanwhile, painting waits until the scale
 * has held this long. Until then the tiles on screen are scaled as one (screen-tiles.ts).
 */
const ZOOM_SETTLE_MS = 150;

interface View {
  readonly rect: Rect;
  readonly level: number;
  readonly pixelRatio: number;
}

const now = () => performance.now();

export class TileRenderer {
  readonly shape: KonvaTypes.Shape;
  private readonly tiles = new BoardTiles();
  private readonly painted = new PaintedWall();
  /** The signatures changed since the last `signwall:view-drawn`. */
  private markPending = true;
  private lastView: View | null = null;
  /** The camera and canvas of the last frame on screen; null before the first. */
  private lastTransform: string | null = null;
  private movedAt = -Infinity;
  private lastScale = 0;
  private scaledAt = -Infinity;
  /** Tiles of the last frame that wait to come on screen (screen-tiles.ts). */
  private waiting = 0;
  /** Tiles of the last frame on screen that nothing covered: neither their paint nor a fallback. */
  private uncovered = 0;
  /** The last frame on screen showed every tile in view current. */
  private viewDrawn = false;
  /** Created on the first draw on screen, when the layer's canvas is in the page. */
  private screen: ScreenTiles | null = null;
  private frame: number | null = null;
  private idle: number | null = null;
  private destroyed = false;
  /** `paintSignature` until a board dims something: the visitor's board paints as it always did. */
  private painter: SignaturePainter = paintSignature;
  /** Tiles started from a paint made ahead (first-view.ts): for tests, in the tile state. */
  private prepainted = 0;
  private readonly unsubscribe: () => void;

  /** `onViewDrawn` hears of each frame that first shows the view drawn with the signatures of now. */
  constructor(
    private readonly layer: KonvaTypes.Layer,
    private readonly onViewDrawn: () => void = () => undefined,
  ) {
    // Nothing is ever drawn on the layer's canvas on screen: no clear, no upload per frame.
    layer.clearBeforeDraw(false);
    this.shape = new Konva.Shape({
      name: TILES_SHAPE_NAME,
      // For tests and DevTools: what the last frame on screen showed (see TileState).
      tileState: () => this.state(),
      listening: false,
      perfectDrawEnabled: false,
      sceneFunc: (context) => this.compose(context),
    });
    layer.add(this.shape);
    // A first-screen tile painted ahead that arrives now is taken at the next frame's painting.
    this.unsubscribe = onPrepainted(() => this.scheduleFrame());
    stopPaintingAhead();
  }

  /**
   * The wall's signatures now, and those to paint dimmed: only the tiles a joining, leaving,
   * dimmed or undimmed signature touches change.
   */
  setSignatures(signatures: readonly Signature[], dimmed: ReadonlySet<number> = NO_IDS): void {
    if (dimmed.size > 0 && this.painter === paintSignature) {
      this.painter = dimmingPainter(() => this.painted.dimmed);
    }
    const { added, changed } = this.painted.set(signatures, dimmed);
    const pixelRatio = this.pixelRatio();
    // A tile not looked up yet will find the wall as it is now: nothing to change there.
    const repaint = new Set<Tile>();
    for (const item of changed)
      for (const tile of this.tiles.meeting(item.outline, pixelRatio))
        if (!tile.unread) repaint.add(tile);
    for (const tile of repaint) repaintTile(tile, this.signaturesIn(tile.rect));
    const additions = new Map<Tile, Signature[]>();
    for (const item of added) {
      for (const tile of this.tiles.meeting(item.outline, pixelRatio)) {
        if (repaint.has(tile) || tile.unread) continue;
        let list = additions.get(tile);
        if (!list) additions.set(tile, (list = []));
        list.push(item.signature);
      }
    }
    for (const [tile, list] of additions) addToTile(tile, list);

    this.markPending = true;
    // Paint from the next frame on, while that frame's draw still shows the last paint.
    this.scheduleFrame();
    this.layer.batchDraw();
  }

  destroy(): void {
    this.destroyed = true;
    this.unsubscribe();
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    if (this.idle !== null) cancelIdle(this.idle);
    this.tiles.clear();
    this.screen?.destroy();
    this.layer.clearBeforeDraw(true);
    this.shape.destroy();
  }

  private state(): TileState {
    const view = this.lastView;
    const inView = view
      ? tilesInView(view.rect, view.level, view.pixelRatio).flatMap((c) => this.tiles.peek(c) ?? [])
      : [];
    return tileStateOf(
      inView,
      view?.rect ?? null,
      this.viewDrawn,
      this.tiles.cache,
      this.prepainted,
    );
  }

  private signaturesIn(rect: Rect): Signature[] {
    return this.painted.signaturesIn(rect);
  }

  /** The tiles' pixel ratio: the layer's (capped, konva-setup.ts), so level 0 is 1:1 on screen. */
  private pixelRatio(): number {
    return this.layer.getCanvas().getPixelRatio();
  }

  /**
   * paintTile, after looking up a new tile's signatures (one without any is done at once), or
   * from the first screen's tile painted ahead, when there is one (first-view.ts).
   */
  private paint(tile: Tile, deadline: number): void {
    if (!tile.painted && tile.next === 0 && this.adoptPrepainted(tile)) {
      if (tile.queue.length === 0) return;
    } else if (tile.unread) {
      tile.unread = false;
      tile.queue = this.signaturesIn(tile.rect);
      // Nothing to paint: it is done without a canvas.
      if (tile.queue.length === 0) {
        paintTile(tile, 0, now);
        return;
      }
    }
    paintTile(tile, deadline, now, this.painter);
  }

  /** Starts `tile` from its paint made ahead, if any (first-view.ts; not for a board that dims). */
  private adoptPrepainted(tile: Tile): boolean {
    const adopted =
      this.painter === paintSignature &&
      startFromPaintAhead(tile, () => this.signaturesIn(tile.rect));
    if (adopted) this.prepainted++;
    return adopted;
  }

  /** The Shape's sceneFunc: draws the tiles meeting whatever part of the wall `context` shows. */
  private compose(context: KonvaTypes.Context): void {
    const ctx = context._context;
    const onScreen = context.canvas === this.layer.getCanvas();
    const stage = this.layer.getStage();
    if (!stage) return;
    const m = ctx.getTransform();
    if (m.a <= 0 || m.d <= 0) return;
    const pixelRatio = this.pixelRatio();
    const view: View = {
      rect: {
        x: -m.e / m.a,
        y: -m.f / m.d,
        width: ctx.canvas.width / m.a,
        height: ctx.canvas.height / m.d,
      },
      // The camera's scale, not the canvas's: an off-screen picture uses the tiles the screen does.
      level: levelForScale(stage.scaleX()),
      pixelRatio,
    };
    const coords = tilesInView(view.rect, view.level, pixelRatio);
    const tiles = coords.map((c) => this.tiles.at(c, pixelRatio));
    const cachedTiles = this.tiles.cached(pixelRatio);
    if (!onScreen) {
      for (const tile of tiles) this.paint(tile, Infinity);
      drawTiles(ctx, m, tiles, cachedTiles);
      return;
    }

    // Each tile not painted yet is covered by its fallback's tiles, beneath the painted ones.
    const beneath = new Map<Tile, Tile[]>();
    let uncovered = 0;
    for (const tile of tiles) {
      if (tile.painted) continue;
      const fallback = fallbackFor(tile, cachedTiles);
      if (fallback.length === 0) uncovered++;
      for (const t of fallback) beneath.set(t, [...(beneath.get(t) ?? []), tile]);
    }
    if (m.a !== this.lastScale) {
      this.lastScale = m.a;
      this.scaledAt = now();
    }
    const transform = `${m.a},${m.e},${m.f},${ctx.canvas.width},${ctx.canvas.height}`;
    if (transform !== this.lastTransform) {
      // The board's first frame is not a move: the first screen fills at the still budget.
      if (this.lastTransform !== null) this.movedAt = now();
      this.lastTransform = transform;
    }
    const screen = this.screenTiles(ctx.canvas);
    this.waiting = screen.show(
      m,
      pixelRatio,
      tiles,
      beneath,
      now() - this.scaledAt < ZOOM_SETTLE_MS,
      this.moving(),
    );
    this.uncovered = uncovered;
    this.lastView = view;
    // A scaled pane (a zoom under way) is not yet the view as it will stay, nor one whose tiles
    // wait to come on screen: not drawn.
    this.viewDrawn = tiles.every(isCurrent) && !screen.scaled && this.waiting === 0;
    if (this.viewDrawn) {
      if (this.markPending) {
        this.markPending = false;
        // The first screen is drawn: what was painted ahead and not taken is of no more use.
        discardPrepainted();
        performance.mark(VIEW_DRAWN_MARK, {
          detail: {
            signatures: this.painted.countIn(view.rect),
            total: this.painted.size,
          },
        });
        this.onViewDrawn();
      }
      this.scheduleIdle();
    } else this.scheduleFrame();
  }

  private screenTiles(layerCanvas: HTMLCanvasElement): ScreenTiles {
    this.screen ??= new ScreenTiles(layerCanvas);
    return this.screen;
  }

  private scheduleFrame(): void {
    if (this.frame !== null || this.destroyed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      const view = this.lastView;
      if (!view || this.destroyed) return;
      if (this.uncovered === 0 && now() - this.scaledAt < ZOOM_SETTLE_MS) {
        // Zooming on, and the screen is covered: this level may be gone before it is painted.
        this.scheduleFrame();
        return;
      }
      // The zoom has settled: the tiles go back on whole pixels at this scale.
      if (this.screen?.scaled && now() - this.scaledAt >= ZOOM_SETTLE_MS) this.layer.batchDraw();
      const budget = this.moving() ? MOVING_BUDGET_MS : STILL_BUDGET_MS;
      const deadline = now() + budget;
      let progressed = false;
      const coords = tilesByDistance(view.rect, view.level, view.pixelRatio);
      const left = this.paintUntil(coords, view.pixelRatio, deadline, () => {
        progressed = true;
      });
      // Painting goes on next frame, before that frame's draw (registered first), which shows
      // this frame's progress: one step of painting per frame, not one every other frame.
      if (left) this.scheduleFrame();
      if (progressed || this.waiting > 0) this.layer.batchDraw();
    });
  }

  private moving(): boolean {
    return now() - this.movedAt < MOVING_FOR_MS;
  }

  /** Idle time paints ahead: a ring of half a view around the view, then the whole wall far out. */
  private scheduleIdle(): void {
    if (this.idle !== null || this.destroyed) return;
    this.idle = requestIdle((idleMs) => {
      this.idle = null;
      const view = this.lastView;
      if (!view || this.destroyed) return;
      const deadline = now() + Math.min(IDLE_BUDGET_MS, idleMs);
      let shows = false;
      const left = this.paintUntil(this.tilesAhead(view), view.pixelRatio, deadline, (tile) => {
        shows ||= tile.coord.level === view.level && rectsMeet(tile.rect, view.rect);
      });
      // The view moved onto what was painted ahead (or the signatures changed meanwhile).
      if (shows) this.layer.batchDraw();
      if (left) this.scheduleIdle();
    }, IDLE_BUDGET_MS / 2);
  }

  /**
   * Paints the tiles of `coords` that are not current, in order, until `deadline`; `painted` hears
   * of each one painted. True when some are left for later (out of time, or a tile not finished).
   */
  private paintUntil(
    coords: Iterable<TileCoord>,
    pixelRatio: number,
    deadline: number,
    painted: (tile: Tile) => void,
  ): boolean {
    let left = false;
    for (const coord of coords) {
      const tile = this.tiles.at(coord, pixelRatio);
      if (isCurrent(tile)) continue;
      if (now() >= deadline) return true;
      this.paint(tile, deadline);
      painted(tile);
      left ||= !isCurrent(tile);
    }
    return left;
  }

  private tilesAhead(view: View): TileCoord[] {
    const stage = this.layer.getStage()!;
    const far = levelForScale(minScale({ width: stage.width(), height: stage.height() }));
    return tilesAhead(view.rect, view.level, view.pixelRatio, far, this.tiles.maxTiles);
  }
}
