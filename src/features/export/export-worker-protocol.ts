/** The messages between the page and the export's worker (export-worker.ts, worker-export.ts). */

/** Page → worker: read the wall (once), then, when asked, paint and encode it. */
export type ExportWorkerCommand = { readonly type: 'load' } | { readonly type: 'render' };

/** Worker → page. */
export type ExportWorkerAnswer =
  /** Every signature is in, ready to paint. */
  | { readonly type: 'loaded'; readonly rows: number }
  /** The wall could not be read (after one retry): the data API's error. */
  | {
      readonly type: 'loadFailed';
      readonly message: string;
      readonly code: string | null;
      readonly status: number;
    }
  | { readonly type: 'png'; readonly png: Blob; readonly drawMs: number; readonly encodeMs: number }
  /** This browser's worker could not paint or encode (no 2D OffscreenCanvas, say). */
  | { readonly type: 'renderFailed'; readonly message: string };
