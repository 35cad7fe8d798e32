/**
 * Freehand drawing from pointer events (mouse, pen and touch alike; one event family, docs/research/konva.md
 * §2). The stroke in progress lives in a ref and on one Konva Line updated per move; React hears
 * about it once when it starts and once when it ends, is cut at a limit, is blocked or is
 * abandoned. The signature's limits (drawing-limits.ts) are kept as a running tally in the same
 * ref, so checking them costs O(1) per move and renders nothing.
 */
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import type { BoardEvent } from '../../domain/board.ts';
import {
  addPoint,
  startStroke,
  tallyAsSaved,
  type DrawingTally,
} from '../../domain/drawing-limits.ts';
import type { Point, Stroke } from '../../domain/geometry.ts';
import type { OutlineIndex } from '../../domain/outline-index.ts';
import type { Signature } from '../../domain/signature.ts';
import { contentOrigin, wallPointOf } from './pointer-position.ts';

interface ActiveStroke {
  pointerId: number;
  origin: { left: number; top: number };
  points: Point[];
  /** The same points flattened for Konva, grown in place. */
  flat: number[];
  /** The pending strokes and this one together, against the signature's limits. */
  tally: DrawingTally;
}

export interface StrokeInputOptions {
  stageRef: RefObject<Konva.Stage | null>;
  liveLineRef: RefObject<Konva.Line | null>;
  /** Drawing mode, and no save in flight. */
  canDraw: boolean;
  /** The board believes a stroke is in progress; when it stops believing so, drop ours. */
  stroking: boolean;
  /** The strokes awaiting their caption: a new stroke joins them within the limits. */
  pending: readonly Stroke[] | null;
  /** Saved signatures only: the pending signature's own outline never blocks its author. */
  index: OutlineIndex<Signature>;
  dispatch: (event: BoardEvent) => void;
}

type PointerEvt = KonvaEventObject<PointerEvent>;

export interface StrokeHandlers {
  onPointerDown: (e: PointerEvt) => void;
  onPointerMove: (e: PointerEvt) => void;
  onPointerUp: (e: PointerEvt) => void;
  onPointerCancel: (e: PointerEvt) => void;
}

export function useStrokeInput(options: StrokeInputOptions): StrokeHandlers {
  const { stageRef, liveLineRef, stroking, pending, index } = options;
  // Read once per pending change (a stroke ended, a save or cancel) or wall change, never per
  // move; counted as the strokes will be saved.
  const pendingTally = useMemo(() => tallyAsSaved(pending, index), [pending, index]);
  const latest = useRef({ ...options, pendingTally });
  useLayoutEffect(() => {
    latest.current = { ...options, pendingTally };
  });
  const active = useRef<ActiveStroke | null>(null);

  const hideLive = useCallback(() => {
    active.current = null;
    liveLineRef.current?.visible(false);
  }, [liveLineRef]);

  const abandon = useCallback(() => {
    if (!active.current) return;
    hideLive();
    latest.current.dispatch({ type: 'strokeAbandoned' });
  }, [hideLive]);

  const onPointerDown = useCallback(
    (e: PointerEvt) => {
      const evt = e.evt;
      const { canDraw, index, pendingTally, dispatch } = latest.current;
      const stage = stageRef.current;
      const line = liveLineRef.current;
      if (!canDraw || !stage || !line) return;
      // A second finger (or pen with a finger) while stroking means a gesture, not a signature.
      if (active.current) {
        if (evt.pointerId !== active.current.pointerId) abandon();
        return;
      }
      if (evt.pointerType === 'mouse' && evt.button !== 0) return;
      const origin = contentOrigin(stage);
      const p = wallPointOf(stage, evt, origin);
      // Before the outlines: a stroke the limits refuse could never be kept anywhere here.
      const start = startStroke(pendingTally, p);
      if (!start.ok) {
        dispatch({ type: 'strokeRefused', limit: start.limit });
        return;
      }
      if (index.itemAtPoint(p)) {
        dispatch({ type: 'strokeBlocked' });
        return;
      }
      active.current = {
        pointerId: evt.pointerId,
        origin,
        points: [p],
        flat: [p[0], p[1]],
        tally: start.tally,
      };
      // Two copies of the first point: a round-capped zero-length line shows a dot at once.
      line.points([p[0], p[1], p[0], p[1]]);
      line.visible(true);
      dispatch({ type: 'strokeStarted' });
    },
    [stageRef, liveLineRef, abandon],
  );

  const onPointerMove = useCallback(
    (e: PointerEvt) => {
      const stroke = active.current;
      const stage = stageRef.current;
      if (!stroke || !stage || e.evt.pointerId !== stroke.pointerId) return;
      // Fast moves are coalesced into one event per frame; the skipped samples make a
      // smoother line and, being tested too, cannot slip past a corner of an outline.
      const samples = e.evt.getCoalescedEvents?.() ?? [];
      const events = samples.length > 0 ? samples : [e.evt];
      const { index, dispatch } = latest.current;
      for (const sample of events) {
        const p = wallPointOf(stage, sample, stroke.origin);
        const last = stroke.points[stroke.points.length - 1]!;
        if (p[0] === last[0] && p[1] === last[1]) continue;
        // A limit first: the segment to `p` is never drawn then, so it cannot be blocked either.
        const step = addPoint(stroke.tally, p);
        if (!step.ok) {
          // Ends as if released at the last point that fit; until the pointer lifts, its
          // further moves find no active stroke and add nothing.
          hideLive();
          dispatch({ type: 'strokeCut', stroke: stroke.points, limit: step.limit });
          return;
        }
        if (index.itemOnSegment(last, p)) {
          hideLive();
          dispatch({ type: 'strokeBlocked' });
          return;
        }
        stroke.tally = step.tally;
        stroke.points.push(p);
        stroke.flat.push(p[0], p[1]);
      }
      // Konva treats an array as changed even when it is the same one; the layer redraws once
      // on the next frame however many moves arrive before it.
      liveLineRef.current?.points(stroke.flat);
    },
    [stageRef, liveLineRef, hideLive],
  );

  const onPointerUp = useCallback(
    (e: PointerEvt) => {
      const stroke = active.current;
      if (!stroke || e.evt.pointerId !== stroke.pointerId) return;
      hideLive();
      latest.current.dispatch({ type: 'strokeEnded', stroke: stroke.points });
    },
    [hideLive],
  );

  const onPointerCancel = useCallback(
    (e: PointerEvt) => {
      if (active.current && e.evt.pointerId === active.current.pointerId) abandon();
    },
    [abandon],
  );

  // Spec §5: leaving the wall with the mouse cancels the stroke. Touch pointers are captured by
  // the browser and never leave before they lift.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const container = stage.container();
    const onLeave = (evt: PointerEvent) => {
      if (active.current && evt.pointerId === active.current.pointerId) abandon();
    };
    container.addEventListener('pointerleave', onLeave);
    return () => container.removeEventListener('pointerleave', onLeave);
  }, [stageRef, abandon]);

  // Escape or a mode switch ended the stroke in the board's state: drop what we hold.
  useEffect(() => {
    if (!stroking && active.current) hideLive();
  }, [stroking, hideLive]);

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel };
}
