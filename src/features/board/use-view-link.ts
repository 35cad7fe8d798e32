/**
 * The view in the address bar: while the board is open the hash follows the camera
 * (`#x=…&y=…&zoom=…`, see src/domain/view-link.ts), written with replaceState so moving around
 * adds no history entries, once the camera has held still for HASH_SETTLE_MS. After a save the hash points at
 * the new signature instead, until the view moves again.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { Point } from '../../domain/geometry.ts';
import {
  formatViewHash,
  formatViewQuery,
  parseViewHash,
  viewOfCamera,
  type ViewLink,
} from '../../domain/view-link.ts';
import type { Camera } from './input/camera.ts';

/**
 * A pan or pinch moves the camera every frame; the address needs one write when it stops. Not
 * one every so often during the gesture: a replaceState costs a few milliseconds of main thread,
 * 15 ms on a phone slowed 4×, which a frame of the gesture cannot spare.
 */
export const HASH_SETTLE_MS = 250;

export interface ViewLinkControls {
  /**
   * The link to share: the wall's address with the view (or the saved signature) in its query,
   * `/?x=…&y=…&zoom=…`, which a link preview's crawler sees too (it never sends the hash). From
   * an embed too: the full wall's link.
   */
  href: () => string;
  /** Points the hash at a wall point (a new signature), at the current zoom. */
  pointAt: (point: Point) => void;
}

/** The page's query without a view (the hash has the view from now on), `?…` or ''. */
function queryWithoutView(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of ['x', 'y', 'zoom']) params.delete(name);
  return params.size > 0 ? `?${params}` : '';
}

function writeHash(view: ViewLink): void {
  const hash = formatViewHash(view);
  const { pathname, search } = window.location;
  const query = queryWithoutView(search);
  if (window.location.hash === hash && search === query) return;
  // The router's state stays as it is: only the fragment changes (and a view the link opened
  // with leaves the query, so the address names one view).
  window.history.replaceState(window.history.state, '', `${pathname}${query}${hash}`);
}

export function useViewLink(camera: Camera | null): ViewLinkControls {
  const flushRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!camera) return undefined;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // The board's own page: after a navigation away (to /export) the view is not that page's.
    const path = window.location.pathname;
    const write = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const now = camera.current();
      if (now && window.location.pathname === path) {
        writeHash(viewOfCamera(now.camera, now.viewport));
      }
    };
    const unsubscribe = camera.onMove(() => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(write, HASH_SETTLE_MS);
    });
    flushRef.current = () => {
      if (timer !== null) write();
    };
    return () => {
      unsubscribe();
      // The last move of the visit still makes it into the address.
      if (timer !== null) write();
      flushRef.current = () => undefined;
    };
  }, [camera]);

  const href = useCallback(() => {
    flushRef.current();
    const now = camera?.current();
    const view =
      parseViewHash(window.location.hash) ?? (now ? viewOfCamera(now.camera, now.viewport) : null);
    return `${window.location.origin}/${view ? formatViewQuery(view) : ''}`;
  }, [camera]);

  const pointAt = useCallback(
    (point: Point) => {
      flushRef.current();
      const now = camera?.current();
      writeHash({ x: point[0], y: point[1], zoom: now?.camera.scale ?? 1 });
    },
    [camera],
  );

  return { href, pointAt };
}
