/**
 * The preview worker: keeps the last wall the server sent (parsed once per wall version), paints
 * previews of it (preview-picture.ts) and answers PNGs, so neither the parsing, the painting nor the
 * encoding ever runs on the server's event loop. One request at a time (the server sends the next
 * after the answer).
 */
import { parentPort } from 'node:worker_threads';
import { signatureFromRow, type Signature } from '../../src/domain/signature.ts';
import { createPreviewPainter } from './preview-picture.ts';
import type { PreviewReply, PreviewRequest, PreviewRow } from './preview-protocol.ts';

const port = parentPort!;
const painter = createPreviewPainter();
let wall: Signature[] = [];
let parseMs = 0;
/**
 * The last wall's signatures by id, with the text they were parsed from: a row unchanged since is
 * the same Signature again, so its parsing, its caption's layout and its simplified strokes (kept
 * per Signature by the painter) are not done twice when one signature changes the wall's version.
 */
let known = new Map<number, { text: string; caption: string | null; signature: Signature }>();
let next = new Map<number, { text: string; caption: string | null; signature: Signature }>();

const reply = (message: PreviewReply, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

reply({ type: 'started', family: painter.family });

/** A change is being applied: rows join `known` and `wall`, which is put in id order at its end. */
let changing = false;

port.on('message', (message: PreviewRequest) => {
  try {
    if (message.type === 'change') {
      const removed = new Set(message.removed);
      if (removed.size > 0) wall = wall.filter((s) => !removed.has(s.id));
      for (const id of removed) known.delete(id);
      next = known;
      parseMs = 0;
      changing = true;
      return;
    }
    if (message.type === 'rows') {
      const started = performance.now();
      if (message.first) {
        wall = [];
        parseMs = 0;
        next = new Map();
        changing = false;
      }
      for (const row of JSON.parse(message.json) as PreviewRow[]) {
        const old = known.get(row.id);
        const signature =
          old && old.text === row.signature && old.caption === row.caption
            ? old.signature
            : // Unreadable rows are skipped, as the board skips them.
              signatureFromRow({ ...row, created_at: '' });
        if (!signature) continue;
        if (signature !== old?.signature) painter.prepare(signature);
        wall.push(signature);
        next.set(row.id, { text: row.signature, caption: row.caption, signature });
      }
      if (message.last) {
        // Painted in id order, as the first read sends them: later signatures on top.
        if (changing) wall.sort((a, b) => a.id - b.id);
        known = next;
        changing = false;
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
