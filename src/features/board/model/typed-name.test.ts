import { describe, expect, it } from 'vitest';
import { scripts } from 'hersheytext/hersheytext.min.json';
import { visibleWallRect } from '../../../domain/camera.ts';
import { outlineOf, rectsMeet, type Rect, type Stroke } from '../../../domain/geometry.ts';
import { createOutlineIndex } from '../../../domain/outline-index.ts';
import { MAX_STROKES, WALL_SIZE } from '../../../domain/rules.ts';
import { strokesToSave } from '../../../domain/simplify.ts';
import { findSignatureProblem } from '../../../domain/new-signature.ts';
import { captionRoom, canonicalStrokes } from '../../../domain/signature-weight.ts';
import { cameraCentredOn } from '../../../domain/view-link.ts';
import { textStrokes, type HersheyFont } from './hershey-text.ts';
import {
  CAPTION_BAND,
  CAP_UNITS,
  placeTypedName,
  TYPED_CAP_SCREEN_PX,
  TYPED_CAP_WALL_PX,
  TYPED_CAPTION_ROOM,
  typedStrokesProblem,
  typedUnit,
  type TypedView,
} from './typed-name.ts';

const SCRIPT: HersheyFont = scripts;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const at = (x: number, y: number, scale: number, viewport = DESKTOP): TypedView => ({
  camera: cameraCentredOn([x, y], scale, viewport),
  viewport,
});
const outlinesOf = (rects: readonly Rect[]) =>
  createOutlineIndex(rects.map((outline, i) => ({ id: i + 1, outline })));
const name = (text: string) => textStrokes(SCRIPT, text)!;

function placed(text: string, view: TypedView, saved: readonly Rect[] = []) {
  const outcome = placeTypedName(name(text), view, saved, outlinesOf(saved));
  if (!outcome.ok) throw new Error(`not placed: ${outcome.reason}`);
  return outcome;
}

/** What the database is sent for these strokes, and what it leaves for a caption. */
function asSaved(strokes: readonly Stroke[], saved: readonly Rect[] = []) {
  const stored = strokesToSave(strokes, outlinesOf(saved));
  return {
    problem: findSignatureProblem(stored, 'A caption'),
    room: captionRoom(canonicalStrokes(stored)),
  };
}

const centreOfRect = (r: Rect) => [r.x + r.width / 2, r.y + r.height / 2] as const;

describe('a typed name as a pending signature', () => {
  it('is drawn in the middle of the view, just below the caption box, capitals about TYPED_CAP_SCREEN_PX tall on screen', () => {
    const view = at(1600, 1600, 1);
    const { strokes, camera } = placed('Jane Doe', view);
    expect(camera).toBe(view.camera);
    const outline = outlineOf(strokes)!;
    const [cx] = centreOfRect(outline);
    expect(Math.abs(cx - 1600)).toBeLessThan(2);
    // The caption box is centred at 40 % of the screen, about 160 px tall: the name starts 12 px
    // below it (the view's centre, wall y 1600, is at screen y 400).
    const screenTop = outline.y + 10 - (1600 - 400);
    expect(Math.abs(screenTop - (0.4 * 800 + 80 + 12))).toBeLessThan(2);
    const text = name('Jane Doe');
    const unit = (outline.height - 20) / (text.maxY - text.minY);
    expect(unit * CAP_UNITS).toBeCloseTo(TYPED_CAP_SCREEN_PX, 0);
    expect(asSaved(strokes)).toEqual({ problem: null, room: expect.any(Number) });
  });

  it('is in the middle of a screen tall enough for the caption box to leave it clear', () => {
    const tall = { width: 800, height: 2000 };
    const { strokes } = placed('Jane Doe', at(1600, 1600, 1, tall));
    const [cx, cy] = centreOfRect(outlineOf(strokes)!);
    expect(Math.hypot(cx - 1600, cy - 1600)).toBeLessThan(2);
  });

  it('is sized for the zoom, within TYPED_CAP_WALL_PX', () => {
    const unitAt = (scale: number, viewport = DESKTOP) =>
      typedUnit(name('Jane Doe'), at(1600, 1600, scale, viewport))! * CAP_UNITS;
    expect(unitAt(1.5)).toBeCloseTo(TYPED_CAP_SCREEN_PX / 1.5, 5);
    // Zoomed in, the name would be tiny on the wall; zoomed out, huge.
    expect(unitAt(4)).toBeCloseTo(TYPED_CAP_WALL_PX.min, 5);
    expect(unitAt(0.12, PHONE)).toBeCloseTo(TYPED_CAP_WALL_PX.max, 5);
  });

  it('keeps to every rule and leaves room for a whole caption, at every zoom, desktop and phone', () => {
    for (const viewport of [DESKTOP, PHONE]) {
      for (const scale of [0.1, 0.25, 1, 2, 4]) {
        for (const text of ['Al', 'Jane Doe', 'Wilhelmina Bartholomew-Featherstonehaugh']) {
          const view = at(1600, 1600, scale, viewport);
          const { strokes } = placed(text, view);
          const saved = asSaved(strokes);
          expect(saved.problem, `${text} at ${scale}`).toBeNull();
          expect(saved.room).toBeGreaterThanOrEqual(TYPED_CAPTION_ROOM);
          expect(typedStrokesProblem(strokes, outlinesOf([]))).toBeNull();
          expect(strokes.length).toBeLessThanOrEqual(MAX_STROKES);
        }
      }
    }
  });

  it('shrinks a long name to 800 × 600', () => {
    const { strokes } = placed('Wilhelmina Bartholomew-Featherstonehaugh', at(1600, 1600, 0.25));
    const outline = outlineOf(strokes)!;
    expect(outline.width - 20).toBeLessThanOrEqual(800);
    expect(outline.width - 20).toBeGreaterThan(700);
  });

  it('goes to the nearest free spot when its place is taken, clear of every outline and caption', () => {
    const view = at(1600, 1600, 1);
    // Where the name would go (below the caption box, screen y 412 to 478: wall y 1612 to 1678).
    const taken: Rect = { x: 1500, y: 1600, width: 200, height: 100 };
    const { strokes, camera } = placed('Jane Doe', view, [taken]);
    const outline = outlineOf(strokes)!;
    expect(rectsMeet(outline, { ...taken, height: taken.height + CAPTION_BAND })).toBe(false);
    expect(typedStrokesProblem(strokes, outlinesOf([taken]))).toBeNull();
    // Near: just above the signature in the way (its own caption's room between them), or just
    // below that one's caption; still in view.
    const above = outline.y + outline.height + CAPTION_BAND <= taken.y + 1;
    const below = outline.y >= taken.y + taken.height + CAPTION_BAND - 1;
    expect(above || below).toBe(true);
    const [, cy] = centreOfRect(outline);
    expect(Math.abs(cy - 1645)).toBeLessThan(250);
    expect(camera).toBe(view.camera);
  });

  it('leaves room under it for its own caption', () => {
    const view = at(1600, 1600, 1);
    // Just below where the name would go.
    const below: Rect = { x: 1300, y: 1700, width: 600, height: 40 };
    const { strokes } = placed('Jane Doe', view, [below]);
    const outline = outlineOf(strokes)!;
    expect(rectsMeet({ ...outline, height: outline.height + CAPTION_BAND }, below)).toBe(false);
  });

  it("keeps out from under the board's controls", () => {
    const view = at(1600, 1600, 1);
    const { x: dx, y: dy } = view.camera.offset;
    const free = outlineOf(placed('Jane Doe', view).strokes)!;
    // A control on screen where the name went.
    const control: Rect = { x: free.x + dx - 40, y: free.y + dy, width: 400, height: free.height };
    const { strokes } = placed('Jane Doe', { ...view, covered: [control] });
    const moved = outlineOf(strokes)!;
    expect(rectsMeet({ ...moved, x: moved.x + dx, y: moved.y + dy }, control)).toBe(false);
    expect(rectsMeet({ ...free, x: free.x + dx, y: free.y + dy }, control)).toBe(true);
  });

  it('moves the view to the free spot when it is off screen', () => {
    const view = at(1600, 1600, 1);
    // Everything the view shows is taken, and more.
    const taken: Rect = { x: 600, y: 900, width: 2000, height: 1400 };
    const { strokes, camera } = placed('Jane Doe', view, [taken]);
    const outline = outlineOf(strokes)!;
    expect(rectsMeet(outline, { ...taken, height: taken.height + CAPTION_BAND })).toBe(false);
    expect(camera).not.toBe(view.camera);
    // The name and its caption's room are in the new view.
    const seen = visibleWallRect(camera.offset, view.viewport, camera.scale);
    expect(outline.x).toBeGreaterThanOrEqual(seen.x);
    expect(outline.x + outline.width).toBeLessThanOrEqual(seen.x + seen.width);
    expect(outline.y).toBeGreaterThanOrEqual(seen.y);
    expect(outline.y + outline.height + CAPTION_BAND).toBeLessThanOrEqual(seen.y + seen.height);
    // …below the caption box, which will open on it.
    const screenTop = (outline.y + 10) * camera.scale + camera.offset.y;
    expect(screenTop).toBeGreaterThanOrEqual(0.4 * 800 + 80 + 12 - 1);
  });

  it('says when the wall has no room, or no size keeps the name within the limits', () => {
    const full: Rect = { x: 0, y: 0, width: WALL_SIZE, height: WALL_SIZE };
    expect(placeTypedName(name('Jane'), at(1600, 1600, 1), [full], outlinesOf([full]))).toEqual({
      ok: false,
      reason: 'no-room',
    });
    // 120 strokes: more than a signature holds.
    expect(placeTypedName(name('x'.repeat(60)), at(1600, 1600, 1), [], outlinesOf([]))).toEqual({
      ok: false,
      reason: 'too-long',
    });
  });

  it('refuses strokes that meet a saved outline or break a rule', () => {
    const { strokes } = placed('Jane Doe', at(1600, 1600, 1));
    const over = outlinesOf([outlineOf([strokes[0]!])!]);
    expect(typedStrokesProblem(strokes, over)).toBe('blocked');
    const tooBig: Stroke[] = [
      [
        [100, 100],
        [1000, 100],
      ],
    ];
    expect(typedStrokesProblem(tooBig, outlinesOf([]))).toBe('tooBig');
  });
});
