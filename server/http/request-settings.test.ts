import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress, requestSettings } from './request-settings.ts';

describe('clientAddress', () => {
  it.each<[string, string | undefined, string | undefined, number, string]>([
    ['the socket without a trusted proxy', '203.0.113.5', '198.51.100.1', 0, '203.0.113.5'],
    ['IPv4-mapped IPv6 as IPv4', '::ffff:203.0.113.5', undefined, 0, '203.0.113.5'],
    ['IPv6 as it is', '2001:db8::1', undefined, 0, '2001:db8::1'],
    ['the socket when no header came', '10.0.0.1', undefined, 1, '10.0.0.1'],
    ['the entry one proxy appended', '10.0.0.1', '198.51.100.1', 1, '198.51.100.1'],
    [
      'the last entry, not a client-written first',
      '10.0.0.1',
      '6.6.6.6, 198.51.100.1',
      1,
      '198.51.100.1',
    ],
    [
      'two hops back behind two proxies',
      '10.0.0.1',
      '6.6.6.6, 198.51.100.1, 10.0.0.2',
      2,
      '198.51.100.1',
    ],
    ['the leftmost when the chain is shorter', '10.0.0.1', '198.51.100.1', 5, '198.51.100.1'],
    ['an address with a port', '10.0.0.1', '198.51.100.1:4711', 1, '198.51.100.1'],
    ['a bracketed IPv6 with a port', '10.0.0.1', '[2001:db8::7]:4711', 1, '2001:db8::7'],
    ['the socket for a garbage entry', '10.0.0.1', 'nonsense', 1, '10.0.0.1'],
    ['empty without a socket address', undefined, undefined, 0, ''],
  ])('takes %s', (_case, socket, forwardedFor, hops, expected) => {
    expect(clientAddress(socket, forwardedFor, hops)).toBe(expected);
  });
});

describe('requestSettings', () => {
  const request = (headers: Record<string, string | string[]>) =>
    ({
      method: 'POST',
      raw: { url: '/rest/v1/signatures?select=id' },
      headers,
      socket: { remoteAddress: '::ffff:127.0.0.9' },
    }) as unknown as FastifyRequest;

  it('passes every header, with the decided address as x-forwarded-for and no cf-connecting-ip', () => {
    const settings = requestSettings(
      request({
        'x-forwarded-for': '6.6.6.6',
        'cf-connecting-ip': '6.6.6.7',
        prefer: 'return=minimal',
        'x-many': ['a', 'b'],
      }),
      0,
    );
    expect(settings.method).toBe('POST');
    expect(settings.path).toBe('/signatures');
    expect(JSON.parse(settings.headers)).toEqual({
      'x-forwarded-for': '127.0.0.9',
      prefer: 'return=minimal',
      'x-many': 'a, b',
    });
  });
});
