/**
 * The wall's worker: reads the rest of the wall from the data API, parses and checks
 * every row, and hands each page to the page as packed signatures with their buffers transferred
 * (parsed straight into them, strokes simplified: src/domain/packed-rows.ts).
 * A wall of legacy rows is megabytes of JSON; parsed here, it never blocks a frame of the board.
 */
/// <reference lib="webworker" />
import { packRows } from '../domain/packed-rows.ts';
import { transferablesOf } from '../domain/packed-signatures.ts';
import { dataApi } from './client.ts';
import { DataApiError, warnSkipped } from './table.ts';
import { restRows } from './wall-load.ts';
import type { ReadRestMessage, WallWorkerMessage } from './wall-worker-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

const post = (message: WallWorkerMessage, transfer: Transferable[] = []) =>
  self.postMessage(message, transfer);

self.onmessage = async ({ data }: MessageEvent<ReadRestMessage>) => {
  try {
    for await (const rows of restRows(dataApi(), data.rest)) {
      // Read straight into flat arrays, strokes simplified (src/domain/packed-rows.ts).
      const packed = packRows(rows, warnSkipped);
      post({ type: 'chunk', rows: rows.length, packed }, transferablesOf(packed));
    }
    post({ type: 'done' });
  } catch (error) {
    const known = error instanceof DataApiError;
    post({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
      code: known ? error.code : null,
      status: known ? error.status : 0,
    });
  }
};
