/**
 * The server sends each visitor the welcome card in their language (scripts/prerender-welcome.ts
 * builds one per language): `?lang=` first, then the picker's cookie, then Accept-Language, with
 * `<html lang dir>` set and marked as its choice, and `Vary` saying what the page depends on.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type Target, type TestServer } from './harness.ts';

const page = (lang: string, dir: string, root: string) =>
  `<!doctype html><html lang="${lang}" dir="${dir}"><head><title>signwall</title></head>` +
  `<body><div id="root">${root}</div></body></html>`;
const CARDS = {
  en: '<h1>Hey! Sign my page!</h1>',
  de: '<h1>Hallo! Unterschreib auf meiner Seite!</h1>',
  ar: '<h1>مرحبًا! وقّع على صفحتي!</h1>',
};

// Serving the build does not depend on the database; PGlite alone covers it.
const backend = backends[0]!;

describe('the page in the visitor’s language', () => {
  let dist: string;
  let target: Target | undefined;
  let server: TestServer | undefined;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'signwall-locales-'));
    await writeFile(join(dist, 'index.html'), page('en', 'ltr', CARDS.en));
    await writeFile(join(dist, 'index.shell.html'), page('en', 'ltr', ''));
    await mkdir(join(dist, 'welcome'));
    // A build with German and Arabic cards only: any other language falls back to English.
    await writeFile(join(dist, 'welcome', 'de.html'), page('de', 'ltr', CARDS.de));
    await writeFile(join(dist, 'welcome', 'ar.html'), page('ar', 'rtl', CARDS.ar));
    target = await backend.createTarget();
    server = await startServer(target, { distDir: dist });
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
    await rm(dist, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await server!.fetch(path, { headers });
    return { res, html: await res.text() };
  };

  it('follows Accept-Language, and says so in <html>, Vary and Content-Language', async () => {
    const { res, html } = await get('/', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(html).toContain(CARDS.de);
    expect(html).toContain('<html lang="de" dir="ltr" data-server-locale="de">');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(res.headers.get('content-language')).toBe('de');

    const arabic = await get('/', { 'accept-language': 'ar-EG' });
    expect(arabic.html).toContain(CARDS.ar);
    expect(arabic.html).toContain('<html lang="ar" dir="rtl" data-server-locale="ar">');
  });

  it('takes the cookie over Accept-Language, and ?lang= over the cookie', async () => {
    const cookie = { 'accept-language': 'de', cookie: 'theme=x; signwall-lang=ar' };
    expect((await get('/', cookie)).html).toContain(CARDS.ar);
    const query = await get('/some/path?x=1&lang=de', cookie);
    expect(query.html).toContain(CARDS.de);
    expect(query.html).toContain('data-server-locale="de"');
  });

  it('sends English, marked, to a browser that asks for English or nothing', async () => {
    const asks: Record<string, string>[] = [
      {},
      { 'accept-language': 'en-US,en;q=0.9' },
      { 'accept-language': '*' },
    ];
    for (const headers of asks) {
      const { res, html } = await get('/', headers);
      expect(html).toContain(CARDS.en);
      expect(html).toContain('<html lang="en" dir="ltr" data-server-locale="en">');
      expect(res.headers.get('content-language')).toBe('en');
    }
  });

  it('sends the English card unmarked where the build has no card in the language', async () => {
    const { res, html } = await get('/', { 'accept-language': 'ja' });
    expect(html).toContain(CARDS.en);
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).not.toContain('data-server-locale');
    expect(res.headers.get('content-language')).toBe('en');
  });

  it('sets the language of the pages without a card too', async () => {
    for (const path of ['/moderate', '/export?lang=ar', '/embed']) {
      const { html } = await get(path, { 'accept-language': 'ar' });
      expect(html, path).toContain('<html lang="ar" dir="rtl" data-server-locale="ar">');
      expect(html, path).toContain('<div id="root"></div>');
    }
    // A language without a card still has its shell: it has no words to lack.
    expect((await get('/moderate?lang=ja')).html).toContain('<html lang="ja" dir="ltr"');
  });

  it('serves no card file as it is built', async () => {
    const { html } = await get('/welcome/ar.html', { 'accept-language': 'de' });
    expect(html).toContain(CARDS.de);
    expect(html).not.toContain(CARDS.ar);
  });

  it('lets nothing a visitor sends into the page, and answers junk with English', async () => {
    const hostile: { path: string; headers: Record<string, string> }[] = [
      { path: '/?lang=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', headers: {} },
      { path: '/?lang=' + 'x'.repeat(5000), headers: {} },
      { path: '/', headers: { cookie: 'signwall-lang="><img src=x onerror=alert(1)>' } },
      { path: '/', headers: { 'accept-language': 'en;q=0,' + 'zz-ZZ;q=0.5,'.repeat(500) } },
      { path: '/', headers: { 'accept-language': '"><script>alert(1)</script>' } },
    ];
    for (const { path, headers } of hostile) {
      const { res, html } = await get(path, headers);
      expect(res.status, path).toBe(200);
      expect(html, path).toContain(CARDS.en);
      expect(html, path).not.toMatch(/<script>alert|onerror/);
    }
  });
});
