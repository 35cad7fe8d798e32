import { describe, expect, it } from 'vitest';
import {
  boardTransition,
  boardView,
  canSave,
  controlsLocked,
  draftOf,
  initialBoardState,
  LIMIT_TOAST,
  type BoardEvent,
  type BoardState,
} from './board.ts';
import { screenPoint, type Stroke } from '../../../domain/geometry.ts';
import { createOutlineIndex } from '../../../domain/outline-index.ts';

const VIEWPORT = { width: 1000, height: 800 };
// At scale 1 and offset 0 a screen point is the wall point of the same numbers.
const start = initialBoardState({ scale: 1, offset: { x: 0, y: 0 } }, VIEWPORT);
// One saved signature, its outline from (100, 100) to (200, 200).
const outlines = createOutlineIndex([
  { id: 1, outline: { x: 100, y: 100, width: 100, height: 100 } },
]);
const run = (...events: BoardEvent[]) =>
  events.reduce<BoardState>((s, e) => boardTransition(s, e, outlines), start);
const from = (state: BoardState, ...events: BoardEvent[]) =>
  events.reduce<BoardState>((s, e) => boardTransition(s, e, outlines), state);

const draw: BoardEvent = { type: 'modeToggled' };
const down = (x: number, y: number, pointerId = 1): BoardEvent => ({
  type: 'pointerDown',
  pointerId,
  at: screenPoint(x, y),
  pointerType: 'mouse',
});
const move = (x: number, y: number, pointerId = 1): BoardEvent => ({
  type: 'pointerMoved',
  pointerId,
  samples: [screenPoint(x, y)],
});
const up = (pointerId = 1): BoardEvent => ({ type: 'pointerUp', pointerId });
const line: Stroke = [
  [10, 10],
  [20, 20],
];
/** A stroke along `points` (screen = wall here), released at the end. */
const stroke = (points: Stroke = line): BoardEvent[] => [
  down(points[0]![0], points[0]![1]),
  ...points.slice(1).map(([x, y]) => move(x, y)),
  up(),
];
const pending = (s: BoardState) => draftOf(s)?.strokes ?? null;

describe('board transitions', () => {
  it('starts panning, with nothing pending', () => {
    expect(start).toMatchObject({ mode: 'pan', phase: { name: 'idle' } });
    expect(boardView(start)).toMatchObject({ pending: null, stroking: false, locked: false });
  });

  it('toggles modes with their toasts', () => {
    const drawing = run(draw);
    expect(drawing.mode).toBe('draw');
    expect(drawing.toast?.kind).toBe('drawingEnabled');
    const panning = from(drawing, draw);
    expect(panning.mode).toBe('pan');
    expect(panning.toast?.kind).toBe('panningEnabled');
  });

  it('pans instead of drawing in pan mode: the wall follows the pointer, clamped', () => {
    const s = run(down(500, 400), move(300, 300));
    expect(s.phase.name).toBe('panning');
    expect(s.camera.offset).toEqual({ x: -200, y: -100 });
    // Past the wall's top-left corner the offset stays at 0.
    expect(from(s, move(900, 900)).camera.offset).toEqual({ x: 0, y: 0 });
    expect(from(s, up()).phase.name).toBe('idle');
    expect(pending(from(s, up()))).toBeNull();
  });

  it('a second finger turns a pan into a pinch that zooms around the fingers', () => {
    const s = run(down(400, 400, 1), down(600, 400, 2), move(700, 400, 2));
    expect(s.phase.name).toBe('pinching');
    expect(s.camera.scale).toBeCloseTo(1.5);
    expect(from(s, up(2)).phase.name).toBe('idle');
  });

  it('opens the caption box with the first completed stroke and adds later ones to it', () => {
    const one = run(draw, ...stroke());
    expect(pending(one)).toEqual([line]);
    expect(one.phase.name).toBe('captioning');
    const two = run(draw, ...stroke(), ...stroke());
    expect(pending(two)).toHaveLength(2);
  });

  it('discards a stroke of fewer than 2 points', () => {
    expect(run(draw, ...stroke([[5, 5]])).phase.name).toBe('idle');
  });

  it('drops a blocked stroke with the toast and keeps what is pending', () => {
    // The second stroke runs into the saved signature's outline.
    const s = run(draw, ...stroke(), down(50, 150), move(120, 150));
    expect(s.phase.name).toBe('captioning');
    expect(pending(s)).toEqual([line]);
    expect(s.toast?.kind).toBe('blocked');
    // The pointer-up that follows a blocked stroke adds nothing.
    expect(pending(from(s, up()))).toEqual([line]);
  });

  it('refuses a stroke that starts on an outline', () => {
    const s = run(draw, down(150, 150));
    expect(s.phase.name).toBe('idle');
    expect(s.toast?.kind).toBe('blocked');
  });

  it('keeps a stroke cut at a limit, as if released there, and says which limit', () => {
    // 800 px wide at most: the stroke ends at its last point inside.
    const cut = run(draw, down(300, 400), move(900, 400), move(1200, 400));
    expect(pending(cut)).toEqual([
      [
        [300, 400],
        [900, 400],
      ],
    ]);
    expect(cut.toast?.kind).toBe('tooBig');
    // The moves and pointer-up that follow add nothing.
    expect(from(cut, move(950, 400), up())).toBe(cut);
  });

  it('a cut stroke of one point is discarded, but the visitor still hears why', () => {
    const cut = run(
      draw,
      ...stroke([
        [300, 200],
        [300, 700],
      ]),
      down(300, 100),
      move(300, 900),
    );
    expect(pending(cut)).toHaveLength(1);
    expect(cut.toast?.kind).toBe('tooBig');
  });

  it('refuses a stroke at a limit with its toast, and nothing starts', () => {
    // A pending signature 800 px wide: a press further right cannot be kept.
    const wide = run(
      draw,
      ...stroke([
        [300, 400],
        [1100, 400],
      ]),
    );
    const s = from(wide, down(1150, 400));
    expect(s.phase.name).toBe('captioning');
    expect(s.toast?.kind).toBe('tooBig');
  });

  it('has a toast for every limit', () => {
    expect(LIMIT_TOAST).toEqual({
      size: 'tooBig',
      strokes: 'tooManyStrokes',
      points: 'tooManyPoints',
      length: 'tooLong',
      weight: 'tooDense',
    });
  });

  it('abandons the stroke in progress silently when the pointer is lost or a finger lands', () => {
    const lost = run(draw, down(10, 10), move(20, 20), { type: 'pointerLost', pointerId: 1 });
    expect(lost.phase.name).toBe('idle');
    expect(lost.toast?.kind).toBe('drawingEnabled');
    const second = run(draw, ...stroke(), down(30, 30), move(40, 40), down(50, 50, 2));
    expect(second.phase.name).toBe('captioning');
    expect(pending(second)).toEqual([line]);
  });

  it('saves: Saving... then Signature saved!, and clears pending and caption', () => {
    const typed = run(draw, ...stroke(), { type: 'captionChanged', caption: 'hi' });
    const saving = from(typed, { type: 'saveRequested' });
    expect(saving.phase).toEqual({ name: 'saving', draft: { strokes: [line], caption: 'hi' } });
    expect(saving.toast?.kind).toBe('saving');
    // Asked twice: still the one save.
    expect(from(saving, { type: 'saveRequested' })).toBe(saving);
    const saved = from(saving, { type: 'saveSucceeded' });
    expect(boardView(saved)).toMatchObject({ saving: false, pending: null, caption: '' });
    expect(saved.toast?.kind).toBe('saved');
  });

  it('fails a save: Error saving signature., and clears the pending drawing', () => {
    const failed = run(draw, ...stroke(), { type: 'saveRequested' }, { type: 'saveFailed' });
    expect(boardView(failed)).toMatchObject({ saving: false, pending: null, caption: '' });
    expect(failed.toast?.kind).toBe('saveError');
  });

  it('ignores strokes, caption edits, undo, cancel and the mode toggle while saving', () => {
    const saving = run(draw, ...stroke(), { type: 'saveRequested' });
    expect(from(saving, down(300, 300))).toBe(saving);
    expect(from(saving, { type: 'captionChanged', caption: 'x' })).toBe(saving);
    expect(from(saving, { type: 'drawingCanceled' })).toBe(saving);
    expect(from(saving, { type: 'strokeUndone' })).toBe(saving);
    expect(from(saving, draw)).toBe(saving);
  });

  it('cancels with Drawing canceled and clears everything', () => {
    const s = run(
      draw,
      ...stroke(),
      { type: 'captionChanged', caption: 'x' },
      { type: 'drawingCanceled' },
    );
    expect(s).toMatchObject({ mode: 'draw', phase: { name: 'idle' } });
    expect(s.toast?.kind).toBe('canceled');
    const midStroke = run(draw, down(10, 10), move(20, 20), { type: 'drawingCanceled' });
    expect(midStroke.phase.name).toBe('idle');
    expect(midStroke.toast?.kind).toBe('canceled');
  });

  it('has nothing to cancel when nothing is pending', () => {
    const s = run(draw);
    expect(from(s, { type: 'drawingCanceled' })).toBe(s);
  });

  it('undoes the last pending stroke; undoing the only one cancels as Cancel does', () => {
    const other: Stroke = [
      [30, 30],
      [40, 50],
    ];
    const two = run(draw, ...stroke(), ...stroke(other), { type: 'captionChanged', caption: 'c' });
    const one = from(two, { type: 'strokeUndone' });
    expect(draftOf(one)).toEqual({ strokes: [line], caption: 'c' });
    const none = from(one, { type: 'strokeUndone' });
    expect(none.phase.name).toBe('idle');
    expect(none.toast?.kind).toBe('canceled');
    // Nothing to undo mid-stroke (the pointer is down) or with nothing pending.
    const drawing = from(one, down(60, 60), move(70, 70));
    expect(from(drawing, { type: 'strokeUndone' })).toBe(drawing);
    expect(from(none, { type: 'strokeUndone' })).toBe(none);
  });

  it('switching to panning cancels the pending signature', () => {
    const s = run(draw, ...stroke(), draw);
    expect(s).toMatchObject({ mode: 'pan', phase: { name: 'idle' } });
  });

  it('locks the controls while a stroke or a caption is in progress', () => {
    expect(controlsLocked(run(draw))).toBe(false);
    expect(controlsLocked(run(draw, down(10, 10)))).toBe(true);
    expect(controlsLocked(run(draw, ...stroke()))).toBe(true);
    expect(controlsLocked(run(down(10, 10)))).toBe(false);
  });

  it('replaces a toast with a newer one and expires only the current one', () => {
    const a = run({ type: 'notified', kind: 'linkCopied' });
    const b = from(a, { type: 'notified', kind: 'noFreeSpot' });
    expect(b.toast?.kind).toBe('noFreeSpot');
    expect(from(b, { type: 'toastExpired', seq: a.toast!.seq })).toBe(b);
    expect(from(b, { type: 'toastExpired', seq: b.toast!.seq }).toast).toBeNull();
  });

  it('allows saving only a complete pending signature, once', () => {
    expect(canSave(run(draw))).toBe(false);
    expect(canSave(run(draw, ...stroke()))).toBe(true);
    expect(canSave(run(draw, ...stroke(), down(50, 50)))).toBe(false);
    expect(canSave(run(draw, ...stroke(), { type: 'saveRequested' }))).toBe(false);
  });

  it('turns screen points into wall points through the camera', () => {
    const zoomed = run({ type: 'zoomed', factor: 2, at: screenPoint(0, 0) }, draw);
    expect(zoomed.camera).toEqual({ scale: 2, offset: { x: 0, y: 0 } });
    expect(
      pending(
        from(
          zoomed,
          ...stroke([
            [20, 20],
            [40, 60],
          ]),
        ),
      ),
    ).toEqual([
      [
        [10, 10],
        [20, 30],
      ],
    ]);
  });

  it('keeps a pan its grip: zooms and key pans wait until it ends; a resize re-clamps', () => {
    const panning = run(down(500, 400), move(400, 400));
    expect(from(panning, { type: 'zoomed', factor: 2 })).toBe(panning);
    expect(from(panning, { type: 'pannedBy', dx: 10, dy: 0 })).toBe(panning);
    const keys = run({ type: 'pannedBy', dx: 100, dy: 50 });
    expect(keys.camera.offset).toEqual({ x: -100, y: -50 });
    const wide = from(keys, { type: 'resized', viewport: { width: 3400, height: 3300 } });
    expect(wide.camera.offset).toEqual({ x: 100, y: 50 });
  });
});

describe('the weight rule on the board', () => {
  // A dot: one node of the 10 px grid, which holds 155 bytes.
  const dot: Stroke = [
    [500, 500],
    [500, 500.5],
  ];
  const onDot = () => run(draw, ...stroke(dot));

  it('stops a scribble on one spot with the toast that says why', () => {
    const scribble: Stroke = Array.from({ length: 120 }, (_, i) => [
      600 + (i % 5),
      600 + (Math.floor(i / 5) % 2) * 4,
    ]);
    const s = run(draw, ...stroke(scribble));
    expect(s.toast?.kind).toBe('tooDense');
    expect(s.phase.name).toBe('captioning');
    expect(pending(s)![0]!.length).toBeLessThan(scribble.length);
  });

  it('cuts a caption at what a small signature holds, saying so, and saves it', () => {
    const long = 'x'.repeat(150);
    const typed = from(onDot(), { type: 'captionChanged', caption: long });
    // The dot's text, "[[[500,500],[500,500.5]]]", is 25 bytes: its node's 155 leave 130.
    expect(draftOf(typed)!.caption).toBe('x'.repeat(130));
    expect(typed.toast?.kind).toBe('captionTooLong');
    const saving = from(typed, { type: 'saveRequested' });
    expect(saving.phase.name).toBe('saving');
    // A caption that fits is kept as typed, with no toast.
    const short = from(onDot(), { type: 'captionChanged', caption: 'hi' });
    expect(draftOf(short)!.caption).toBe('hi');
    expect(short.toast?.kind).not.toBe('captionTooLong');
  });

  it('keeps the drawing and says why when a save would be refused for its weight', () => {
    // A caption typed for two strokes, then one undone: the dot alone cannot hold it.
    const far: Stroke = [
      [700, 700],
      [780, 700],
    ];
    const typed = run(draw, ...stroke(dot), ...stroke(far), {
      type: 'captionChanged',
      caption: 'y'.repeat(190),
    });
    expect(draftOf(typed)!.caption).toHaveLength(190);
    const undone = from(typed, { type: 'strokeUndone' });
    const refused = from(undone, { type: 'saveRequested' });
    expect(refused.phase.name).toBe('captioning');
    expect(refused.toast?.kind).toBe('captionTooLong');
    expect(draftOf(refused)).toEqual(draftOf(undone));
  });
});
