import { describe, expect, it } from 'vitest';
import { scripts } from 'hersheytext/hersheytext.min.json';
import { visibleWallRect } from '../../../domain/camera.ts';
import { outlineOf, rectsMeet, type Rect, type Stroke } from '../../../domain/geometry.ts';
import { createOutlineIndex } from '../../../domain/outline-index.ts';
import { MAX_STROKES, WALL_SIZE } from '../../../domain/rules.ts';
import { strokesToSave } from '../../../domain/simplify.ts';
import { findSignatureProblem } from '../../../domain/signature.ts';
import { captionRoom, canonicalStrokes } from '../../../domain/signature-weight.ts';
import { cameraCentredOn, viewCentre } from '../../../domain/view-link.ts';
import { textStrokes, type HersheyFont } from './hershey-text.ts';
import {
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
  it('is drawn at the centre of the view, capitals about TYPED_CAP_SCREEN_PX tall on screen', () => {
    const view = at(1600, 1600, 1);
    const { strokes, camera } = placed('Jane Doe', view);
    expect(camera).toBe(view.camera);
    const outline = outlineOf(strokes)!;
    const [cx, cy] = centreOfRect(outline);
    expect(Math.abs(cx - 1600)).toBeLessThan(2);
    expect(Math.abs(cy - 1600)).toBeLessThan(2);
    const text = name('Jane Doe');
    const unit = (outline.height - 20) / (text.maxY - text.minY);
    expect(unit * CAP_UNITS).toBeCloseTo(TYPED_CAP_SCREEN_PX, 0);
    expect(asSaved(strokes)).toEqual({ problem: null, room: expect.any(Number) });
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

  it('goes to the nearest free spot when the centre is taken, clear of every outline', () => {
    const view = at(1600, 1600, 1);
    const taken: Rect = { x: 1500, y: 1550, width: 200, height: 100 };
    const { strokes, camera } = placed('Jane Doe', view, [taken]);
    const outline = outlineOf(strokes)!;
    expect(rectsMeet(outline, taken)).toBe(false);
    expect(typedStrokesProblem(strokes, outlinesOf([taken]))).toBeNull();
    // Near: just above or below the signature in the way, still in view.
    const [, cy] = centreOfRect(outline);
    expect(Math.abs(cy - 1600)).toBeLessThan(150);
    expect(camera).toBe(view.camera);
  });

  it('moves the view to the free spot when it is off screen', () => {
    const view = at(1600, 1600, 1);
    // Everything the view shows is taken, and more.
    const taken: Rect = { x: 600, y: 900, width: 2000, height: 1400 };
    const { strokes, camera } = placed('Jane Doe', view, [taken]);
    const outline = outlineOf(strokes)!;
    expect(rectsMeet(outline, taken)).toBe(false);
    expect(camera).not.toBe(view.camera);
    const seen = visibleWallRect(camera.offset, view.viewport, camera.scale);
    expect(outline.x).toBeGreaterThanOrEqual(seen.x);
    expect(outline.x + outline.width).toBeLessThanOrEqual(seen.x + seen.width);
    expect(outline.y).toBeGreaterThanOrEqual(seen.y);
    expect(outline.y + outline.height).toBeLessThanOrEqual(seen.y + seen.height);
    const [cx, cy] = viewCentre(camera, view.viewport);
    expect(
      Math.hypot(cx - outline.x - outline.width / 2, cy - outline.y - outline.height / 2),
    ).toBeLessThan(2);
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
