/** The messages between the page and the wall's worker (wall-worker.ts, wall-worker-client.ts). */
import type { PackedSignatures } from '../domain/packed-signatures.ts';
import type { RestOfWall } from './wall-load.ts';

/** Page → worker: read the rest of the wall. */
export interface ReadRestMessage {
  readonly type: 'read-rest';
  readonly rest: RestOfWall;
}

/** Worker → page. */
export type WallWorkerMessage =
  | { readonly type: 'chunk'; readonly rows: number; readonly packed: PackedSignatures }
  | { readonly type: 'done' }
  | {
      readonly type: 'failed';
      readonly message: string;
      readonly code: string | null;
      readonly status: number;
    };
