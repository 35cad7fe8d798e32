import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientKey, requestClientKey } from './client-key.ts';

describe('clientKey', () => {
  it.each([
    ['IPv4 as it is', '203.0.113.5', '203.0.113.5'],
    ['IPv6 per /64', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['another address of the same /64 alike', '2001:db8:1:2::7', '2001:db8:1:2::/64'],
    ['the next /64 apart', '2001:db8:1:3::7', '2001:db8:1:3::/64'],
    ['upper case and zeros canonical', '2001:0DB8:0000:0001::1', '2001:db8:0:1::/64'],
    ['loopback', '::1', '::/64'],
    ['nonsense as it is', 'not-an-address', 'not-an-address'],
    ['empty', '', ''],
  ])('keys %s', (_case, address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it('keys the address request-context decides: socket, TRUST_PROXY hop, IPv4-mapped', () => {
    const request = (remoteAddress: string, forwardedFor?: string) =>
      ({
        socket: { remoteAddress },
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      }) as unknown as FastifyRequest;
    expect(requestClientKey(request('::ffff:127.0.0.2', '198.51.100.1'), 0)).toBe('127.0.0.2');
    expect(requestClientKey(request('10.0.0.1', '6.6.6.6, 2001:db8:9:9::1'), 1)).toBe(
      '2001:db8:9:9::/64',
    );
  });
});
