import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientKey, requestClientKey, UNKNOWN_CLIENT } from './client-key.ts';

describe('clientKey', () => {
  it('is the address itself for IPv4', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey(' 198.51.100.1 ')).toBe('198.51.100.1');
  });

  it('counts IPv4-mapped IPv6 as the IPv4 address, however it is written', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('0:0:0:0:0:ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('is the /64 for IPv6: every address of one /64 is one client', () => {
    const key = '2001:db8:1:2::/64';
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe(key);
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:0DB8:0001:0002::1')).toBe(key);
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('writes the /64 as PostgreSQL does (checked against it in tests/db/client-key.test.ts)', () => {
    expect(clientKey('::1')).toBe('::/64');
    expect(clientKey('2001:0:0:1::5')).toBe('2001:0:0:1::/64');
    expect(clientKey('1:0:2:0::1')).toBe('1:0:2::/64');
    expect(clientKey('0:1:0:0::')).toBe('0:1::/64');
    expect(clientKey('2001:db8:a:b:c:d:e:f')).toBe('2001:db8:a:b::/64');
    expect(clientKey('::ffff:0:1.2.3.4')).toBe('::/64'); // IPv4-translated, not mapped
  });

  it('drops a link-local zone: the interface is no part of who the client is', () => {
    expect(clientKey('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('is one shared key for anything that is not an address', () => {
    for (const junk of ['', 'nonsense', '1.2.3', '300.1.1.1', '[::1]', '::1::2', '1.2.3.4:80']) {
      expect(clientKey(junk)).toBe(UNKNOWN_CLIENT);
    }
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
