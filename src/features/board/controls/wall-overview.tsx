/**
 * "Wall overview": the whole wall in small, signatures as marks and the current view as a
 * rectangle; a click or tap centres the view on that point. The marks are painted on a small 2D
 * canvas only when the signatures change; the view rectangle is a DOM box moved from the camera's
 * move listener, so a pan renders nothing in React. It can be folded away to its button. It sits
 * bottom right, and steps to the bottom left while the wall's bottom-right corner lies under it
 * (use-side-clear-of-corners.ts): the map must never hide the part of the wall it helps to reach.
 */
import './navigation.css';
import { useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { joinedSince } from '../../../domain/merge.ts';
import { WALL_SIZE } from '../../../domain/rules.ts';
import type { Rect } from '../../../domain/geometry.ts';
import type { Signature } from '../../../domain/signature.ts';
import { cameraCentredOn } from '../../../domain/view-link.ts';
import { visibleWallRect } from '../../../domain/camera.ts';
import { OverviewIcon } from './icons.tsx';
import type { Camera } from '../input/camera.ts';
import { useSideClearOfCorners } from './use-side-clear-of-corners.ts';
import { useWords } from '../../../ui/i18n/words.ts';

/** A mark is never smaller than this (CSS px), so a lone small signature still shows. */
const MIN_MARK = 1.5;
const MARK_COLOUR = 'rgba(245, 245, 245, 0.85)';

export interface WallOverviewProps {
  camera: Camera | null;
  signatures: readonly Signature[];
  /** Open at first (default); a small embed starts with it folded to its button. */
  initiallyOpen?: boolean;
}

/** The canvas sized for its CSS size, cleared; the scale from wall px to its pixels. */
function resetMarks(canvas: HTMLCanvasElement): number {
  const size = canvas.clientWidth;
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  // Setting the size clears the canvas.
  canvas.width = Math.round(size * ratio);
  canvas.height = Math.round(size * ratio);
  return (size / WALL_SIZE) * ratio;
}

/** Paints each outline as a mark on the canvas, at `k` canvas px per wall px. */
function paintMarks(canvas: HTMLCanvasElement, k: number, outlines: readonly Rect[]): void {
  const ctx = canvas.getContext('2d');
  if (!ctx || k === 0) return;
  ctx.fillStyle = MARK_COLOUR;
  const min = MIN_MARK * Math.min(window.devicePixelRatio || 1, 2);
  for (const o of outlines) {
    ctx.fillRect(o.x * k, o.y * k, Math.max(min, o.width * k), Math.max(min, o.height * k));
  }
}

export function WallOverview({ camera, signatures, initiallyOpen = true }: WallOverviewProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const side = useSideClearOfCorners(camera, sectionRef);
  const t = useWords();

  // The marks painted so far: a wall that only grew gets its new marks painted on top (a heavy
  // wall's load paints each mark once); anything else, or the map opening, paints it whole.
  const painted = useRef<{
    canvas: HTMLCanvasElement;
    size: number;
    k: number;
    ids: Set<number>;
  } | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const size = canvas.clientWidth;
    const kept = painted.current;
    const last = kept?.canvas === canvas && kept.size === size ? kept : null;
    const joined = last ? joinedSince(last.ids, signatures) : null;
    if (last && joined) {
      paintMarks(
        canvas,
        last.k,
        joined.map((s) => s.outline),
      );
      for (const s of joined) last.ids.add(s.id);
      return;
    }
    const k = resetMarks(canvas);
    paintMarks(
      canvas,
      k,
      signatures.map((s) => s.outline),
    );
    painted.current = { canvas, size, k, ids: new Set(signatures.map((s) => s.id)) };
  }, [signatures, open]);

  useEffect(() => {
    const box = viewRef.current;
    const canvas = canvasRef.current;
    if (!camera || !box || !canvas) return undefined;
    // The map's size, read when it changes, not per move: reading it after a move's style change
    // forces a layout pass on the gesture's frame.
    let k = canvas.clientWidth / WALL_SIZE;
    const place = () => {
      const now = camera.current();
      if (!now) return;
      const r = visibleWallRect(now.camera.offset, now.viewport, now.camera.scale);
      // Only the part on the wall: a screen larger than the wall shows all of it.
      const x0 = Math.max(0, r.x);
      const y0 = Math.max(0, r.y);
      const x1 = Math.min(WALL_SIZE, r.x + r.width);
      const y1 = Math.min(WALL_SIZE, r.y + r.height);
      box.style.transform = `translate(${x0 * k}px, ${y0 * k}px)`;
      box.style.width = `${(x1 - x0) * k}px`;
      box.style.height = `${(y1 - y0) * k}px`;
    };
    place();
    const resized = new ResizeObserver(() => {
      k = canvas.clientWidth / WALL_SIZE;
      place();
    });
    resized.observe(canvas);
    const stopMoves = camera.onMove(place);
    return () => {
      stopMoves();
      resized.disconnect();
    };
  }, [camera, open]);

  const centreHere = useCallback(
    (e: MouseEvent<HTMLCanvasElement>) => {
      const now = camera?.current();
      if (!camera || !now) return;
      const bounds = e.currentTarget.getBoundingClientRect();
      const k = WALL_SIZE / bounds.width;
      const point = [(e.clientX - bounds.left) * k, (e.clientY - bounds.top) * k] as const;
      camera.moveTo(cameraCentredOn(point, now.camera.scale, now.viewport));
    },
    [camera],
  );

  return (
    <section
      ref={sectionRef}
      className="board-overview"
      aria-label={t('board.overview')}
      data-open={open}
      data-side={side}
    >
      <button
        type="button"
        className="board-button board-overview-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('board.overview.hide') : t('board.overview.show')}
        title={open ? t('board.overview.hideTitle') : t('board.overview.showTitle')}
        onClick={() => setOpen((o) => !o)}
      >
        <OverviewIcon />
      </button>
      <div id={panelId} className="board-overview-map" hidden={!open}>
        {open && (
          <>
            <canvas
              ref={canvasRef}
              className="board-overview-canvas"
              data-testid="overview-map"
              onClick={centreHere}
            />
            <div
              ref={viewRef}
              className="board-overview-view"
              data-testid="overview-view"
              data-follows-camera=""
            />
          </>
        )}
      </div>
    </section>
  );
}
