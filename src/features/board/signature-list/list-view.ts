/**
 * What 'List of signatures' follows on the page: the view's centre (for 'Nearest first'), the
 * rows in sight in its scroller, and its count once the search rests.
 */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import type { Point } from '../../../domain/geometry.ts';
import { viewCentre } from '../../../domain/view-link.ts';
import type { Camera } from '../input/camera.ts';
import { rowWindow, type RowWindow } from '../model/list-window.ts';
import { ROW_HEIGHT } from './list-row.tsx';

/** The count is said once the search has rested this long. */
const COUNT_DELAY_MS = 600;
/** 'Nearest first' measures from where the view rests, this long after it last moved. */
const VIEW_REST_MS = 300;

/** The wall point at the view's centre: now, and again whenever the view rests (when `live`). */
export function useViewCentre(camera: Camera, live: boolean): Point {
  const here = () => {
    const now = camera.current();
    return viewCentre(now.camera, now.viewport);
  };
  const [centre, setCentre] = useState(here);
  useEffect(() => {
    if (!live) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const rest = () => {
      const now = camera.current();
      setCentre(viewCentre(now.camera, now.viewport));
    };
    rest();
    const stop = camera.onMove(() => {
      clearTimeout(timer);
      timer = setTimeout(rest, VIEW_REST_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [camera, live]);
  return centre;
}

/**
 * The rows of the list in the page (rowWindow), following the scroller's scroll and size: a
 * render only when a row comes in or goes out.
 */
export function useRowWindow(scroller: RefObject<HTMLElement | null>, count: number): RowWindow {
  const [rows, setRows] = useState<RowWindow>({ first: 0, last: -1 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    const update = () => {
      const next = rowWindow(count, ROW_HEIGHT, el.scrollTop, el.clientHeight);
      setRows((now) => (now.first === next.first && now.last === next.last ? now : next));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, [scroller, count]);
  return rows;
}

/** The text said (politely) about how many signatures the list holds, once it stops changing. */
export function useRestingText(text: string): string {
  const [told, setTold] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setTold(text), COUNT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return told;
}
