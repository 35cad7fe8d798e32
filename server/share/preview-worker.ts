/**
 * The preview worker: keeps the last wall the server sent (parsed once per wall version), paints
 * previews of it (preview-picture.ts) and answers PNGs, so neither the parsing, the painting nor the
 * encoding ever runs on the server's event loop. One request at a time (the server sends the next
 * after the answer).
 */
import { parentPort } from 'node:worker_threads';
import { signatureFromRow, type Signature } from '../../src/domain/signature.ts';
import { createPreviewPainter } from './preview-picture.ts';
import type { PreviewReply, PreviewRequest } from './preview-protocol.ts';

const port = parentPort!;
const painter = createPreviewPainter();
let wall: Signature[] = [];
let parseMs = 0;

const reply = (message: PreviewReply, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

reply({ type: 'started', family: painter.family });

port.on('message', (message: PreviewRequest) => {
  try {
    if (message.type === 'rows') {
      const started = performance.now();
      if (message.first) {
        wall = [];
        parseMs = 0;
      }
      for (const row of message.rows) {
        // Unreadable rows are skipped, as the board skips them.
        const signature = signatureFromRow({ ...row, created_at: '' });
        if (signature) wall.push(signature);
      }
      parseMs += performance.now() - started;
      return;
    }
    reply({ type: 'painting' });
    const signatures = message.empty ? [] : wall;
    const { png, paintMs, encodeMs } = painter.render(signatures, message.view);
    const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
    reply(
      {
        type: 'rendered',
        png: bytes,
        signatures: signatures.length,
        parseMs,
        paintMs,
        encodeMs,
      },
      [],
    );
  } catch (error) {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
