/** The built app: cache headers, SPA fallback, compression, and the hint when there is no build. */
import { copyFile, mkdtemp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { precompressDir } from '../../scripts/precompress.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type Target, type TestServer } from './harness.ts';

const INDEX = '<!doctype html><title>signwall</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('wall '.repeat(1000))});`;
const SECRET = 'SECRET=do-not-serve';

// Static serving does not depend on the database; PGlite alone covers it.
const backend = backends[0]!;

describe('serving the built app', () => {
  let dist: string;
  let outside: string;
  let target: Target;
  let server: TestServer;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'signwall-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
    await writeFile(join(dist, 'assets', 'index-AbC123.js.map'), `{"sources":["${SECRET}"]}`);
    // The build's own robots.txt (public/ is copied into dist/ as it is).
    await copyFile(
      join(import.meta.dirname, '..', '..', 'public', 'robots.txt'),
      join(dist, 'robots.txt'),
    );
    await writeFile(join(dist, 'favicon.svg'), '<svg/>');
    // What must never be served: dotfiles, and files that only a symlink puts inside dist/.
    outside = await mkdtemp(join(tmpdir(), 'signwall-outside-'));
    await writeFile(join(outside, 'secret.txt'), SECRET);
    await writeFile(join(dist, '.env'), SECRET);
    await mkdir(join(dist, '.git'));
    await writeFile(join(dist, '.git', 'config'), SECRET);
    await writeFile(join(dist, 'assets', '.hidden.js'), SECRET);
    await symlink(join(outside, 'secret.txt'), join(dist, 'leak.txt'));
    await symlink(outside, join(dist, 'elsewhere'));
    await symlink(outside, join(dist, 'assets', 'elsewhere'));
    // The build's compressed copies, written as `npm run build` writes them.
    precompressDir(dist);
    target = await backend.createTarget();
    server = await startServer(target, { distDir: dist });
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
    await rm(dist, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it.each([
    '/.env',
    '/%2eenv',
    '/.git/config',
    '/assets/.hidden.js',
    '/leak.txt',
    '/elsewhere/secret.txt',
    '/assets/elsewhere/secret.txt',
    '/assets/%2e%2e/%2e%2e/' + 'etc/hostname',
    '/assets/index-AbC123.js.map',
    '/assets/index-AbC123.js%2emap',
  ])('never serves %s (no dotfiles, nothing outside dist/, no source maps)', async (path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(await res.text()).not.toContain(SECRET);
    // Either the app's own page (an SPA route) or 404: never the file.
    expect([200, 404]).toContain(res.status);
  });

  it.each([
    ['GET', '/'],
    ['GET', '/assets/index-AbC123.js'],
    ['GET', '/assets/gone-123.js'],
    ['GET', '/.env'],
    ['POST', '/'],
    ['GET', '/rest/v1/signatures?select=id'],
    ['GET', '/rest/v1/nope'],
    ['OPTIONS', '/rest/v1/signatures'],
  ])('%s %s carries nosniff, a referrer policy and the CSP', async (method, path) => {
    const res = await server.fetch(path, {
      method,
      headers: { Origin: 'https://example.com', 'Access-Control-Request-Method': 'POST' },
    });
    await res.arrayBuffer();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    // The wall may be embedded in other pages.
    expect(csp).not.toContain('frame-ancestors');
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it('answers a request without the key (401) with the same headers', async () => {
    const res = await fetch(`${server.url}/rest/v1/signatures`);
    expect(res.status).toBe(401);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(['/', '/export', '/some/deep/route?x=1'])(
    'GET %s → index.html, no-cache',
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      // Without PUBLIC_URL a page's preview URLs come from the request's Host: this client's own.
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(await res.text()).toBe(INDEX);
    },
  );

  it('caches hashed assets forever and compresses them', async () => {
    const res = await fetch(`${server.url}/assets/index-AbC123.js`, {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(await res.text()).toBe(SCRIPT); // fetch decodes
  });

  it("sends the build's own compressed copy as it is, brotli or gzip as the client takes", async () => {
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        get(
          `${server.url}/assets/index-AbC123.js`,
          { headers: { 'Accept-Encoding': encoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
            );
          },
        ).on('error', reject);
      });
    const script = join(dist, 'assets', 'index-AbC123.js');
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.body.equals(await readFile(`${script}.br`))).toBe(true);
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gzip.body.equals(await readFile(`${script}.gz`))).toBe(true);
  });

  it('serves other files without immutable caching', async () => {
    const res = await fetch(`${server.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves robots.txt as text, not the app', async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toContain('User-agent');
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    const res = await fetch(`${server.url}/assets/gone-123.js`);
    expect(res.status).toBe(404);
  });

  it('never falls back to index.html under /rest/', async () => {
    for (const path of ['/rest/v1/', '/rest/v2/signatures', '/rest/anything']) {
      const res = await server.fetch(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: expect.stringMatching(/^PGRST/) });
    }
  });
});

describe('without a build', () => {
  let target: Target;
  let server: TestServer;
  beforeAll(async () => {
    target = await backend.createTarget();
    server = await startServer(target, { distDir: join(tmpdir(), 'signwall-no-such-dist') });
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
  });

  it('explains how to build on GET /, and still serves the API', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toContain('npm run build');
    const api = await server.fetch(`/rest/v1/signatures?select=*`);
    expect(api.status).toBe(200);
  });
});
