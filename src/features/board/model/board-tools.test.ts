/**
 * The board's transitions for its tools: 'Type your name' (nameTyped) and 'List of signatures'
 * (signatureShown).
 */
import { describe, expect, it } from 'vitest';
import {
  boardTransition,
  boardView,
  initialBoardState,
  type BoardEvent,
  type BoardState,
} from './board.ts';
import { screenPoint, type Stroke } from '../../../domain/geometry.ts';
import { createOutlineIndex } from '../../../domain/outline-index.ts';
import type { CameraState } from '../../../domain/camera.ts';

const VIEWPORT = { width: 1000, height: 800 };
const start = initialBoardState({ scale: 1, offset: { x: 0, y: 0 } }, VIEWPORT);
// One saved signature, its outline from (100, 100) to (200, 200).
const outlines = createOutlineIndex([
  { id: 7, outline: { x: 100, y: 100, width: 100, height: 100 } },
]);
const from = (state: BoardState, ...events: BoardEvent[]) =>
  events.reduce<BoardState>((s, e) => boardTransition(s, e, outlines), state);

const name: Stroke[] = [
  [
    [400, 400],
    [420, 380],
    [440, 400],
  ],
  [
    [450, 400],
    [470, 380],
  ],
];
const elsewhere: CameraState = { scale: 1, offset: { x: -300, y: -200 } };
const typed = (strokes: readonly Stroke[] = name, camera = elsewhere): BoardEvent => ({
  type: 'nameTyped',
  strokes,
  camera,
});
const shown = (id: number, camera = elsewhere): BoardEvent => ({
  type: 'signatureShown',
  id,
  camera,
});

describe('a typed name', () => {
  it('becomes the pending signature in draw mode, with the caption box, where the camera shows it', () => {
    const next = from(start, typed());
    expect(next.mode).toBe('draw');
    expect(next.phase).toEqual({ name: 'captioning', draft: { strokes: name, caption: '' } });
    expect(next.camera).toEqual(elsewhere);
    expect(boardView(next)).toMatchObject({ pending: name, locked: true, stroking: false });
  });

  it("is a pending signature like any: 'Undo stroke', a caption, Save, Cancel", () => {
    const undone = from(start, typed(), { type: 'strokeUndone' });
    expect(undone.phase).toEqual({
      name: 'captioning',
      draft: { strokes: [name[0]], caption: '' },
    });
    const saving = from(
      start,
      typed(),
      { type: 'captionChanged', caption: 'Hi' },
      { type: 'saveRequested' },
    );
    expect(saving.phase).toEqual({ name: 'saving', draft: { strokes: name, caption: 'Hi' } });
    expect(from(start, typed(), { type: 'drawingCanceled' }).phase).toEqual({ name: 'idle' });
  });

  it('is refused, saying why, over a saved signature or beyond a limit; nothing changes', () => {
    const over: Stroke[] = [
      [
        [150, 150],
        [160, 160],
      ],
    ];
    const refused = from(start, typed(over));
    expect(refused.toast?.kind).toBe('blocked');
    expect(refused.phase).toEqual({ name: 'idle' });
    expect(refused.camera).toEqual(start.camera);
    const tooBig: Stroke[] = [
      [
        [300, 300],
        [1200, 300],
      ],
    ];
    expect(from(start, typed(tooBig)).toast?.kind).toBe('tooBig');
  });

  it('waits while a stroke or a pending signature is under way', () => {
    const drawing = from(
      start,
      { type: 'modeToggled' },
      { type: 'pointerDown', pointerId: 1, at: screenPoint(500, 600), pointerType: 'mouse' },
    );
    expect(from(drawing, typed())).toBe(drawing);
    const captioning = from(start, typed());
    expect(from(captioning, typed())).toBe(captioning);
  });
});

describe('a signature chosen in the list', () => {
  it('moves the view to it and opens its card', () => {
    const next = from(start, shown(7));
    expect(next.camera).toEqual(elsewhere);
    expect(next.card).toBe(7);
  });

  it('from draw mode, goes back to panning (its toast) to open the card', () => {
    const next = from(start, { type: 'modeToggled' }, shown(7));
    expect(next).toMatchObject({ mode: 'pan', card: 7 });
    expect(next.toast?.kind).toBe('panningEnabled');
  });

  it('only moves the view while a signature is pending: the drawing is kept, no card', () => {
    const captioning = from(start, typed(name, start.camera));
    const next = from(captioning, shown(7));
    expect(next.camera).toEqual(elsewhere);
    expect(next.card).toBeNull();
    expect(next.phase).toBe(captioning.phase);
    expect(next.mode).toBe('draw');
  });

  it('waits for a pan to end', () => {
    const panning = from(start, {
      type: 'pointerDown',
      pointerId: 1,
      at: screenPoint(500, 600),
      pointerType: 'touch',
    });
    expect(from(panning, shown(7))).toBe(panning);
  });

  it('keeps its card when the view moves to show it; a later move closes it', () => {
    const open = from(start, shown(7));
    expect(from(open, { type: 'pannedBy', dx: 10, dy: 0 }).card).toBeNull();
  });
});
