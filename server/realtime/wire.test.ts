/**
 * The two encodings realtime-js speaks (its lib/serializer.ts and RealtimeClient's vsn switch):
 * what decode accepts, what it refuses, and that encode writes what realtime-js reads.
 */
import { describe, expect, it } from 'vitest';
import { decode, encode, encodeRaw } from './wire.ts';

const join = {
  joinRef: '1',
  ref: '1',
  topic: 'realtime:wall',
  event: 'phx_join',
  payload: { config: { postgres_changes: [] } },
};

describe('wire', () => {
  it('decodes v2 arrays and v1 objects into the same message', () => {
    expect(
      decode(JSON.stringify(['1', '1', 'realtime:wall', 'phx_join', join.payload]), '2.0.0'),
    ).toEqual(join);
    expect(
      decode(
        JSON.stringify({
          topic: 'realtime:wall',
          event: 'phx_join',
          payload: join.payload,
          ref: '1',
          join_ref: '1',
        }),
        '1.0.0',
      ),
    ).toEqual(join);
    // A heartbeat has no join_ref; v1 may leave it out altogether.
    expect(
      decode(
        JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '2' }),
        '1.0.0',
      ),
    ).toEqual({
      joinRef: null,
      ref: '2',
      topic: 'phoenix',
      event: 'heartbeat',
      payload: {},
    });
  });

  it('refuses what is not a message of the socket’s version', () => {
    const refused = [
      ['not json', '2.0.0'],
      ['[1,2,3]', '2.0.0'],
      [JSON.stringify(['1', '1', 'realtime:wall', 'phx_join']), '2.0.0'],
      [JSON.stringify(['1', '1', 'realtime:wall', 'phx_join', []]), '2.0.0'],
      [JSON.stringify(['1', 2, 'realtime:wall', 'phx_join', {}]), '2.0.0'],
      [JSON.stringify([null, '1', 7, 'phx_join', {}]), '2.0.0'],
      [JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' }), '2.0.0'],
      [JSON.stringify(['1', '1', 'realtime:wall', 'phx_join', {}]), '1.0.0'],
      [JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: 'x', ref: '1' }), '1.0.0'],
      ['null', '1.0.0'],
    ] as const;
    for (const [text, vsn] of refused) expect(decode(text, vsn), text).toBeUndefined();
  });

  it('encodes as realtime-js decodes: v2 [join_ref, ref, topic, event, payload], v1 an object', () => {
    const reply = { ...join, event: 'phx_reply', payload: { status: 'ok', response: {} } };
    expect(JSON.parse(encode('2.0.0', reply))).toEqual([
      '1',
      '1',
      'realtime:wall',
      'phx_reply',
      reply.payload,
    ]);
    expect(JSON.parse(encode('1.0.0', reply))).toEqual({
      topic: 'realtime:wall',
      event: 'phx_reply',
      payload: reply.payload,
      ref: '1',
      join_ref: '1',
    });
    // A payload serialized once is put into each frame as it is.
    expect(
      JSON.parse(encodeRaw('2.0.0', null, null, 'realtime:"x"', 'postgres_changes', '{"ids":[1]}')),
    ).toEqual([null, null, 'realtime:"x"', 'postgres_changes', { ids: [1] }]);
  });
});
