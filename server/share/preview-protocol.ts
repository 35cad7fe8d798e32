/** What the server and its preview worker (preview-worker.ts) say to each other. */
import type { ViewLink } from '../../src/domain/view-link.ts';

/** What a preview shows: the view of a share link, or the whole wall. */
export type PreviewView = ViewLink | 'fit';

/** A row as the preview reads it: what painting needs. */
export interface PreviewRow {
  readonly id: number;
  readonly signature: string;
  readonly caption: string | null;
}

export type PreviewRequest =
  /**
   * A page of the wall's rows, in id order, as the JSON array Postgres wrote (PreviewRow[]): parsed
   * here, not row by row on the database's thread. `first` starts a new wall, `last` ends it.
   */
  | {
      readonly type: 'rows';
      readonly json: string;
      readonly first: boolean;
      readonly last: boolean;
    }
  /**
   * The wall changed since the rows last sent: these ids left it. The 'rows' that follow (never
   * `first`) joined it or came back, in any order; `last` ends the change.
   */
  | { readonly type: 'change'; readonly removed: readonly number[] }
  /** Paint the wall last sent (or an empty one) at `view`. */
  | { readonly type: 'render'; readonly view: PreviewView; readonly empty?: boolean };

export type PreviewReply =
  | { readonly type: 'started'; readonly family: string | null }
  /** Painting has begun (the rows are in and parsed). */
  | { readonly type: 'painting' }
  | {
      readonly type: 'rendered';
      readonly png: Uint8Array;
      readonly signatures: number;
      readonly parseMs: number;
      readonly paintMs: number;
      readonly encodeMs: number;
    }
  | { readonly type: 'failed'; readonly message: string };
