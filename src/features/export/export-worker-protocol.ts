/**
 * The messages between the page and the export's workers (export-worker.ts, worker-export.ts).
 * The wall is painted in horizontal bands, one worker each, side by side; the first band's worker
 * then draws the others' bitmaps into its own canvas and encodes the PNG. One band is the whole
 * wall, painted and encoded by its worker alone.
 */

/** Rows of the wall from `top` (inclusive) to `bottom` (exclusive), in wall pixels. */
export interface Band {
  readonly top: number;
  readonly bottom: number;
}

/**
 * A band painted: its canvas's bitmap (the band with the margin painted around it), the rows of it
 * that are the band, and how long it took.
 */
export interface PaintedBand {
  readonly bitmap: ImageBitmap;
  /** The band's first row in the bitmap. */
  readonly offset: number;
  /** The band's first row in the wall. */
  readonly top: number;
  readonly height: number;
  readonly drawMs: number;
}

/** Page → worker. */
export type ExportWorkerCommand =
  /**
   * Read the signatures painted in `band` (once), the rows without an outline too when
   * `withoutOutline` (so they are reported as skipped: spec §3).
   */
  | { readonly type: 'load'; readonly band: Band; readonly withoutOutline: boolean }
  /** Paint the band (answered with 'painted'). */
  | { readonly type: 'paint' }
  /** Paint the band, which is the whole wall, and encode it (answered with 'png'). */
  | { readonly type: 'render' }
  /**
   * Paint the first band, draw the other bands below it (together they are the whole wall) and
   * encode it (answered with 'png').
   */
  | { readonly type: 'encode'; readonly bands: readonly PaintedBand[] };

/** Worker → page. */
export type ExportWorkerAnswer =
  /** Every signature of the band is in, ready to paint. */
  | { readonly type: 'loaded' }
  /** The band could not be read (after one retry): the data API's error. */
  | {
      readonly type: 'loadFailed';
      readonly message: string;
      readonly code: string | null;
      readonly status: number;
    }
  | ({ readonly type: 'painted' } & PaintedBand)
  | { readonly type: 'png'; readonly png: Blob; readonly drawMs: number; readonly encodeMs: number }
  /** This browser's worker could not paint or encode (no 2D OffscreenCanvas, say). */
  | { readonly type: 'renderFailed'; readonly message: string };
