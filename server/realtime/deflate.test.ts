import { constants, createInflateRaw, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedFrame, deflateShared, takesSharedBlocks } from './deflate.ts';

/** The payload of a frame built by deflatedFrame (its header parsed), and the header's flags. */
function payloadOf(parts: Buffer[]): { flags: number; payload: Buffer } {
  const frame = Buffer.concat(parts);
  const short = frame[1]! & 0x7f;
  const [length, start] =
    short < 126
      ? [short, 2]
      : short === 126
        ? [frame.readUInt16BE(2), 4]
        : [Number(frame.readBigUInt64BE(2)), 10];
  expect(frame.length).toBe(start + length);
  return { flags: frame[0]!, payload: frame.subarray(start) };
}

/** What a receiver does (RFC 7692 §7.2.2): append 00 00 ff ff, inflate (no final block). */
const TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);
const inflateMessage = (payload: Buffer) =>
  inflateRawSync(Buffer.concat([payload, TAIL]), { finishFlush: constants.Z_SYNC_FLUSH });

describe('deflatedFrame', () => {
  it('is one final, compressed text frame that inflates to prefix, shared text and suffix', async () => {
    const text = Buffer.from(
      JSON.stringify({ points: Array.from({ length: 3000 }, (_, i) => [i * 1.25, 1000.5]) }),
    );
    const shared = await deflateShared(text);
    expect(shared.length).toBeLessThan(text.length / 3);
    const prefix = Buffer.from('["1",null,"realtime:wall","postgres_changes",{"ids":[7],"data":');
    const suffix = Buffer.from('}]');
    const { flags, payload } = payloadOf(deflatedFrame(prefix, shared, suffix));
    expect(flags).toBe(0xc1); // FIN, RSV1, text
    expect(inflateMessage(payload)).toEqual(Buffer.concat([prefix, text, suffix]));
  });

  it('carries envelopes longer than one stored block (65,535 bytes)', async () => {
    const prefix = Buffer.alloc(70_000, 'p');
    const shared = await deflateShared(Buffer.from('shared'));
    const { payload } = payloadOf(deflatedFrame(prefix, shared, Buffer.from('s')));
    expect(inflateMessage(payload).toString()).toBe(`${'p'.repeat(70_000)}shareds`);
  });

  it('leaves an inflater that keeps its history (context takeover) in step, message after message', async () => {
    // One inflater for every message, as a client without server_no_context_takeover keeps it.
    const inflater = createInflateRaw();
    const inflate = (payload: Buffer) =>
      new Promise<string>((resolve) => {
        const out: Buffer[] = [];
        const onData = (chunk: Buffer) => out.push(chunk);
        inflater.on('data', onData);
        inflater.write(Buffer.concat([payload, TAIL]));
        inflater.flush(constants.Z_SYNC_FLUSH, () => {
          inflater.off('data', onData);
          resolve(Buffer.concat(out).toString());
        });
      });
    for (const word of ['first', 'second', 'first']) {
      const text = `${word} `.repeat(400);
      const { payload } = payloadOf(
        deflatedFrame(Buffer.from('<'), await deflateShared(Buffer.from(text)), Buffer.from('>')),
      );
      expect(await inflate(payload)).toBe(`<${text}>`);
    }
    inflater.close();
  });
});

describe('negotiation', () => {
  it('takes shared blocks unless the client limited the server window below 15 bits', () => {
    expect(takesSharedBlocks(' permessage-deflate; server_no_context_takeover')).toBe(true);
    expect(takesSharedBlocks('permessage-deflate; server_max_window_bits=15')).toBe(true);
    expect(takesSharedBlocks('permessage-deflate; server_max_window_bits=10')).toBe(false);
    expect(takesSharedBlocks(undefined)).toBe(false);
    expect(takesSharedBlocks('x-webkit-deflate-frame')).toBe(false);
  });
});
