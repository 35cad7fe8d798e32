/**
 * Compressed changes (permessage-deflate, RFC 7692) for every socket whose client offers it, as
 * browsers, Node's `ws` and realtime-js over it do. A signature's change is ~55 KB of digits for a
 * heavy save, sent to every open board: compressed it is a fraction of that.
 *
 * Compressed once, not once per socket. `ws` would run a zlib stream per socket: with thousands of
 * sockets, a deflate per socket per change (CPU) and, with context takeover, a ~300 KB compressor
 * kept per socket (memory; figures below). Instead each change's `data` is deflated once
 * (deflateShared), and each socket's message is that block framed by its own few bytes of
 * envelope, sent as stored (not compressed) blocks: DEFLATE blocks may follow one another at a
 * byte boundary, and a block compressed alone refers to nothing before it, so the message inflates
 * whatever the client's inflater saw before. The frame goes on the socket whole, its shared part
 * not copied.
 *
 * `ws` still negotiates the extension and inflates what clients send (their heartbeats and joins,
 * a few hundred bytes): WS_PER_MESSAGE_DEFLATE keeps that small. The server's own small replies
 * go uncompressed (`compress: false`); so do changes under DEFLATE_ABOVE_BYTES (a delete's id).
 */
import { promisify } from 'node:util';
import { constants, deflateRaw } from 'node:zlib';
import type { PerMessageDeflateOptions } from 'ws';

/** Change data shorter than this is sent as it is: compressing ~100 bytes gains nothing. */
export const DEFLATE_ABOVE_BYTES = 1024;

/** The window the shared blocks are compressed with: a client must accept it (RFC 7692 §7.1.2). */
const WINDOW_BITS = 15;

/**
 * What `ws` negotiates and does itself: inflating what clients send. No context takeover either
 * way: the server's messages stand alone (they do), and so do a client's, so the inflater `ws`
 * keeps for a socket that sends compressed frames (browsers compress even their heartbeats) holds
 * no history between them. Measured with 1,000 sockets, the server's memory per socket: 2 KB
 * without the extension, 8 KB with it negotiated, 21 KB once the client has sent a compressed
 * frame; the client's window (1 KB or 32 KB) changes nothing measurable, so it is left to the
 * client; output chunks of 1 KB instead of 16 (a client's messages are a few hundred bytes) save
 * 4 KB. With `ws` compressing each socket's copy itself (its defaults, context takeover), the same
 * 1,000 sockets took 363 KB each after three heavy changes, and 4 s of CPU per change.
 */
export const WS_PER_MESSAGE_DEFLATE: PerMessageDeflateOptions = {
  serverNoContextTakeover: true,
  clientNoContextTakeover: true,
  // Inflating waits its turn, 2 at once (ws's limit is for the whole process).
  concurrencyLimit: 2,
  zlibInflateOptions: { chunkSize: 1024 },
};

/**
 * Whether a socket can take the shared blocks, from the extensions the handshake answered with:
 * permessage-deflate, without a server window smaller than WINDOW_BITS (a client may ask for one).
 */
export function takesSharedBlocks(answered: string | undefined): boolean {
  const deflate = (answered ?? '')
    .split(',')
    .find((offer) => /^\s*permessage-deflate\b/i.test(offer));
  if (deflate === undefined) return false;
  const bits = /server_max_window_bits\s*=\s*"?(\d+)/i.exec(deflate);
  return bits === null || Number(bits[1]) >= WINDOW_BITS;
}

const deflateAsync = promisify(deflateRaw);

/** `data` compressed alone, ending on a byte boundary with an empty stored block (a sync flush). */
export function deflateShared(data: Buffer): Promise<Buffer> {
  return deflateAsync(data, { windowBits: WINDOW_BITS, finishFlush: constants.Z_SYNC_FLUSH });
}

/** `bytes` as stored DEFLATE blocks (not final, at most 65,535 bytes each), byte-aligned. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at === 0 || at < bytes.length; at += 0xffff) {
    const part = bytes.subarray(at, at + 0xffff);
    const head = Buffer.alloc(5);
    head[0] = 0; // BFINAL 0, BTYPE 00 (stored), padded to the byte
    head.writeUInt16LE(part.length, 1);
    head.writeUInt16LE(~part.length & 0xffff, 3);
    blocks.push(head, part);
  }
  return blocks;
}

/**
 * The pieces of one compressed text frame (header first) carrying `prefix`, the text `shared`
 * was compressed from, and `suffix`. The message ends with the first byte of an empty stored block:
 * its receiver appends the other four (00 00 ff ff, RFC 7692 §7.2.2) and inflates.
 */
export function deflatedFrame(prefix: Buffer, shared: Buffer, suffix: Buffer): Buffer[] {
  const body = [...storedBlocks(prefix), shared, ...storedBlocks(suffix), Buffer.alloc(1)];
  const length = body.reduce((sum, part) => sum + part.length, 0);
  // FIN, RSV1 (compressed), opcode 1 (text); a server's frames are not masked (RFC 6455 §5.2).
  let header: Buffer;
  if (length < 126) header = Buffer.from([0xc1, length]);
  else if (length < 0x10000) {
    header = Buffer.from([0xc1, 126, 0, 0]);
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0xc1;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return [header, ...body];
}
