import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  apiOriginOf,
  contentSecurityPolicy,
  isModeratePath,
  parseEmbedOrigins,
  securityHeaders,
  styleHashesOf,
} from './security-headers.ts';

/** The hash source a browser accepts for an inline style of exactly `css`. */
function sha256Source(css: string): string {
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

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

  it('allows inline styles only by their hashes, never unsafe-inline', () => {
    const hash = sha256Source('.a{color:red}');
    expect(contentSecurityPolicy(null)).toContain("style-src 'self';");
    expect(contentSecurityPolicy(null, [hash])).toContain(`style-src 'self' ${hash};`);
    expect(contentSecurityPolicy(null, [hash])).not.toContain('unsafe-inline');
  });

  it("hashes each <style> block's exact text, so a changed style changes its hash", () => {
    const page = (css: string) => `<head><style>${css}</style></head><body><style>b{}</style>`;
    expect(styleHashesOf(page('.a{color:red}'))).toEqual([
      sha256Source('.a{color:red}'),
      sha256Source('b{}'),
    ]);
    expect(styleHashesOf(page('.a{color:blue}'))[0]).toBe(sha256Source('.a{color:blue}'));
    expect(styleHashesOf('<div id="root"></div>')).toEqual([]);
  });
});

describe('who may frame the wall', () => {
  it('any site when EMBED_ORIGINS is unset; its origins (and the wall itself) when set', () => {
    expect(contentSecurityPolicy(null)).not.toContain('frame-ancestors');
    expect(
      contentSecurityPolicy(null, [], ['https://blog.example', 'http://a.test:8080']),
    ).toContain("frame-ancestors 'self' https://blog.example http://a.test:8080");
  });

  it('/moderate never, in CSP and X-Frame-Options, however its path is written', () => {
    expect(securityHeaders(null, [], 'none')).toMatchObject({ 'X-Frame-Options': 'DENY' });
    expect(securityHeaders(null, [], 'none')['Content-Security-Policy']).toContain(
      "frame-ancestors 'none'",
    );
    for (const path of ['/moderate', '/MODERATE/', '/moderate?key=1', '/Moderate//']) {
      expect(isModeratePath(path)).toBe(true);
    }
    for (const path of ['/', '/embed', '/moderated', '/moderate/x']) {
      expect(isModeratePath(path)).toBe(false);
    }
  });

  it('reads EMBED_ORIGINS as origins, and refuses anything else', () => {
    expect(parseEmbedOrigins(undefined)).toBeNull();
    expect(parseEmbedOrigins(' ')).toBeNull();
    expect(parseEmbedOrigins('https://blog.example, http://a.test:8080/')).toEqual([
      'https://blog.example',
      'http://a.test:8080',
    ]);
    for (const bad of [
      'blog.example',
      'https://blog.example/path',
      "https://a.test 'unsafe-inline'",
      'ftp://x.test',
      '*',
    ]) {
      expect(() => parseEmbedOrigins(bad)).toThrow(/EMBED_ORIGINS/);
    }
  });
});
