import { describe, expect, it } from 'vitest';
import { apiOriginOf, contentSecurityPolicy } from './security-headers.ts';

describe('the Content-Security-Policy', () => {
  it("connects to the page's own origin only, when the app calls this server", () => {
    const csp = contentSecurityPolicy(null);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('frame-ancestors');
  });

  it('adds the data API and its Realtime socket when the app was built for another origin', () => {
    const origin = apiOriginOf('https://abc.supabase.co/');
    expect(origin).toBe('https://abc.supabase.co');
    expect(contentSecurityPolicy(origin)).toContain(
      "connect-src 'self' https://abc.supabase.co wss://abc.supabase.co;",
    );
    expect(contentSecurityPolicy(apiOriginOf('http://localhost:54321'))).toContain(
      'http://localhost:54321 ws://localhost:54321',
    );
  });

  it.each([undefined, '', 'not a url', 'ftp://x.example'])('ignores %j', (url) => {
    expect(apiOriginOf(url)).toBeNull();
  });
});
