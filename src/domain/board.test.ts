import { describe, expect, it } from 'vitest';
import {
  boardReducer,
  canDraw,
  canSave,
  controlsLocked,
  initialBoardState,
  LIMIT_TOAST,
  type BoardEvent,
} from './board.ts';
import { TOAST } from './constants.ts';
import type { Stroke } from './geometry.ts';

const line: Stroke = [
  [10, 10],
  [20, 20],
];
const run = (...events: BoardEvent[]) => events.reduce(boardReducer, initialBoardState);
const draw: BoardEvent = { type: 'modeToggled' };
const stroke = (s: Stroke = line): BoardEvent[] => [
  { type: 'strokeStarted' },
  { type: 'strokeEnded', stroke: s },
];

describe('board transitions', () => {
  it('starts panning, with nothing pending', () => {
    expect(initialBoardState).toMatchObject({ mode: 'pan', pending: null, stroking: false });
  });

  it('toggles modes with their toasts', () => {
    const drawing = run(draw);
    expect(drawing.mode).toBe('draw');
    expect(drawing.toast?.text).toBe(TOAST.drawingEnabled);
    const panning = boardReducer(drawing, draw);
    expect(panning.mode).toBe('pan');
    expect(panning.toast?.text).toBe(TOAST.panningEnabled);
  });

  it('does not start strokes while panning', () => {
    expect(run({ type: 'strokeStarted' }).stroking).toBe(false);
  });

  it('opens the caption box with the first completed stroke and adds later ones to it', () => {
    const one = run(draw, ...stroke());
    expect(one.pending).toEqual([line]);
    expect(one.stroking).toBe(false);
    const two = run(draw, ...stroke(), ...stroke());
    expect(two.pending).toHaveLength(2);
  });

  it('discards a stroke of fewer than 2 points', () => {
    expect(run(draw, ...stroke([[5, 5]])).pending).toBeNull();
  });

  it('drops a blocked stroke with the toast and keeps what is pending', () => {
    const s = run(draw, ...stroke(), { type: 'strokeStarted' }, { type: 'strokeBlocked' });
    expect(s.stroking).toBe(false);
    expect(s.pending).toEqual([line]);
    expect(s.toast?.text).toBe(TOAST.blocked);
    // The pointer-up that follows a blocked stroke adds nothing.
    expect(boardReducer(s, { type: 'strokeEnded', stroke: line }).pending).toEqual([line]);
  });

  it('keeps a stroke cut at a limit, as if released there, and says which limit', () => {
    const cut = run(
      draw,
      ...stroke(),
      { type: 'strokeStarted' },
      {
        type: 'strokeCut',
        stroke: line,
        limit: 'size',
      },
    );
    expect(cut).toMatchObject({ stroking: false, pending: [line, line] });
    expect(cut.toast?.text).toBe('A signature must fit in 800 × 600 px!');
    // The pointer-up that follows adds nothing.
    expect(boardReducer(cut, { type: 'strokeEnded', stroke: line })).toBe(cut);
  });

  it('a cut stroke of one point is discarded, but the visitor still hears why', () => {
    const cut = run(
      draw,
      { type: 'strokeStarted' },
      {
        type: 'strokeCut',
        stroke: [[5, 5]],
        limit: 'points',
      },
    );
    expect(cut).toMatchObject({ stroking: false, pending: null });
    expect(cut.toast?.text).toBe('A signature holds at most 3,000 points!');
  });

  it('refuses a stroke at a limit with its toast, and nothing starts', () => {
    const s = run(draw, ...stroke(), { type: 'strokeRefused', limit: 'strokes' });
    expect(s).toMatchObject({ stroking: false, pending: [line] });
    expect(s.toast?.text).toBe('A signature holds at most 64 strokes!');
    // Panning or saving: a refusal cannot happen, so it says nothing.
    const panning = run({ type: 'strokeRefused', limit: 'size' });
    expect(panning).toBe(initialBoardState);
  });

  it('has a toast for every limit', () => {
    expect(LIMIT_TOAST).toEqual({
      size: TOAST.tooBig,
      strokes: TOAST.tooManyStrokes,
      points: TOAST.tooManyPoints,
      length: TOAST.tooLong,
    });
    expect(TOAST.tooLong).toBe('A signature holds at most 20,000 px of strokes!');
  });

  it('abandons the stroke in progress silently', () => {
    const s = run(draw, { type: 'strokeStarted' }, { type: 'strokeAbandoned' });
    expect(s).toMatchObject({ stroking: false, pending: null });
    expect(s.toast?.text).toBe(TOAST.drawingEnabled);
  });

  it('saves: Saving... then Signature saved!, and clears pending and caption', () => {
    const typed = run(draw, ...stroke(), { type: 'captionChanged', caption: 'hi' });
    const saving = boardReducer(typed, { type: 'saveRequested' });
    expect(saving).toMatchObject({ saving: true, caption: 'hi' });
    expect(saving.toast?.text).toBe(TOAST.saving);
    const saved = boardReducer(saving, { type: 'saveSucceeded' });
    expect(saved).toMatchObject({ saving: false, pending: null, caption: '' });
    expect(saved.toast?.text).toBe(TOAST.saved);
  });

  it('fails a save: Error saving signature., and clears the pending drawing', () => {
    const failed = run(draw, ...stroke(), { type: 'saveRequested' }, { type: 'saveFailed' });
    expect(failed).toMatchObject({ saving: false, pending: null, caption: '' });
    expect(failed.toast?.text).toBe(TOAST.saveError);
  });

  it('ignores strokes and caption edits while saving', () => {
    const saving = run(draw, ...stroke(), { type: 'saveRequested' });
    expect(boardReducer(saving, { type: 'strokeStarted' }).stroking).toBe(false);
    expect(boardReducer(saving, { type: 'captionChanged', caption: 'x' }).caption).toBe('');
    expect(boardReducer(saving, { type: 'drawingCanceled' })).toBe(saving);
    expect(boardReducer(saving, draw)).toBe(saving);
  });

  it('cancels with Drawing canceled and clears everything', () => {
    const s = run(
      draw,
      ...stroke(),
      { type: 'captionChanged', caption: 'x' },
      {
        type: 'drawingCanceled',
      },
    );
    expect(s).toMatchObject({ pending: null, caption: '', stroking: false, mode: 'draw' });
    expect(s.toast?.text).toBe(TOAST.canceled);
  });

  it('has nothing to cancel when nothing is pending', () => {
    const s = run(draw);
    expect(boardReducer(s, { type: 'drawingCanceled' })).toBe(s);
  });

  it('switching to panning cancels the pending signature', () => {
    const s = run(draw, ...stroke(), draw);
    expect(s).toMatchObject({ mode: 'pan', pending: null, caption: '' });
  });

  it('locks the controls while a stroke or a caption is in progress', () => {
    expect(controlsLocked(run(draw))).toBe(false);
    expect(controlsLocked(run(draw, { type: 'strokeStarted' }))).toBe(true);
    expect(controlsLocked(run(draw, ...stroke()))).toBe(true);
  });

  it('replaces a toast with a newer one and expires only the current one', () => {
    const a = run({ type: 'notified', text: 'a' });
    const b = boardReducer(a, { type: 'notified', text: 'b' });
    expect(b.toast?.text).toBe('b');
    expect(boardReducer(b, { type: 'toastExpired', seq: a.toast!.seq })).toBe(b);
    expect(boardReducer(b, { type: 'toastExpired', seq: b.toast!.seq }).toast).toBeNull();
  });

  it('allows drawing only in drawing mode and never while saving', () => {
    expect(canDraw(initialBoardState)).toBe(false);
    expect(canDraw(run(draw))).toBe(true);
    expect(canDraw(run(draw, ...stroke(), { type: 'saveRequested' }))).toBe(false);
  });

  it('allows saving only a complete pending signature, once', () => {
    expect(canSave(run(draw))).toBe(false);
    expect(canSave(run(draw, ...stroke()))).toBe(true);
    expect(canSave(run(draw, ...stroke(), { type: 'strokeStarted' }))).toBe(false);
    expect(canSave(run(draw, ...stroke(), { type: 'saveRequested' }))).toBe(false);
  });
});
