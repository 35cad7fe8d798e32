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
import { grownFrom } from '../../../domain/merge.ts';
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

/** The marks' colour, rgba(245, 245, 245, 0.85), as one pixel of ImageData (RGBA in memory order). */
const MARK_PIXEL = new Uint32Array(new Uint8ClampedArray([245, 245, 245, 217]).buffer)[0]!;

/**
 * Paints each outline as a mark on the canvas, at `k` canvas px per wall px: written as whole
 * pixels into the canvas's pixels, not as one fillRect each. A heavy wall has a hundred thousand
 * marks, a few pixels each; as fillRects they took a 4×-slowed phone over a second. Only the
 * pixels of the box around the marks are read and written back: one arrival, a few pixels.
 */
function paintMarks(canvas: HTMLCanvasElement, k: number, outlines: readonly Rect[]): void {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const { width, height } = canvas;
  if (!ctx || k === 0 || width === 0 || height === 0 || outlines.length === 0) return;
  const min = MIN_MARK * Math.min(window.devicePixelRatio || 1, 2);
  // Each mark's pixels (x0, y0, x1, y1, packed: a heavy load's batch has 100,000), at least one
  // each way and never past the canvas's edge; and the box around them all.
  const marks = new Int32Array(outlines.length * 4);
  const box = { x0: width, y0: height, x1: 0, y1: 0 };
  outlines.forEach((o, i) => {
    const x0 = Math.min(width - 1, Math.max(0, Math.floor(o.x * k)));
    const y0 = Math.min(height - 1, Math.max(0, Math.floor(o.y * k)));
    const x1 = Math.min(width, Math.max(x0 + 1, Math.round(o.x * k + Math.max(min, o.width * k))));
    const y1 = Math.min(
      height,
      Math.max(y0 + 1, Math.round(o.y * k + Math.max(min, o.height * k))),
    );
    marks[i * 4] = x0;
    marks[i * 4 + 1] = y0;
    marks[i * 4 + 2] = x1;
    marks[i * 4 + 3] = y1;
    box.x0 = Math.min(box.x0, x0);
    box.y0 = Math.min(box.y0, y0);
    box.x1 = Math.max(box.x1, x1);
    box.y1 = Math.max(box.y1, y1);
  });
  const boxWidth = box.x1 - box.x0;
  const image = ctx.getImageData(box.x0, box.y0, boxWidth, box.y1 - box.y0);
  const pixels = new Uint32Array(image.data.buffer);
  for (let i = 0; i < marks.length; i += 4) {
    for (let y = marks[i + 1]!; y < marks[i + 3]!; y++) {
      const row = (y - box.y0) * boxWidth - box.x0;
      pixels.fill(MARK_PIXEL, row + marks[i]!, row + marks[i + 2]!);
    }
  }
  ctx.putImageData(image, box.x0, box.y0);
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
    wall: readonly Signature[];
  } | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const size = canvas.clientWidth;
    const kept = painted.current;
    const last = kept?.canvas === canvas && kept.size === size ? kept : null;
    const joined = last ? grownFrom(last.wall, signatures) : null;
    if (last && joined) {
      paintMarks(
        canvas,
        last.k,
        joined.map((s) => s.outline),
      );
      last.wall = signatures;
      return;
    }
    const k = resetMarks(canvas);
    paintMarks(
      canvas,
      k,
      signatures.map((s) => s.outline),
    );
    painted.current = { canvas, size, k, wall: signatures };
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
