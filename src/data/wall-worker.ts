/**
 * The wall's worker: reads the rest of the wall from the data API, parses and checks
 * every row, and hands each page to the page as packed signatures with their buffers transferred.
 * A wall of legacy rows is megabytes of JSON; parsed here, it never blocks a frame of the board.
 */
/// <reference lib="webworker" />
import { packSignatures, transferablesOf } from '../domain/packed-signatures.ts';
import { dataApi } from './client.ts';
import { DataApiError } from './table.ts';
import { chunkOf, restRows } from './wall-load.ts';
import type { ReadRestMessage, WallWorkerMessage } from './wall-worker-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

const post = (message: WallWorkerMessage, transfer: Transferable[] = []) =>
  self.postMessage(message, transfer);

self.onmessage = async ({ data }: MessageEvent<ReadRestMessage>) => {
  try {
    for await (const rows of restRows(dataApi(), data.rest)) {
      const packed = packSignatures(chunkOf(rows).signatures);
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
