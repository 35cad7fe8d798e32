/** The built app: cache headers, SPA fallback, compression, and the hint when there is no build. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type Target, type TestServer } from './harness.ts';

const INDEX = '<!doctype html><title>signwall</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('wall '.repeat(1000))});`;

// Static serving does not depend on the database; PGlite alone covers it.
const backend = backends[0]!;

describe('serving the built app', () => {
  let dist: string;
  let target: Target;
  let server: TestServer;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'signwall-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
    await writeFile(join(dist, 'favicon.svg'), '<svg/>');
    target = await backend.createTarget();
    server = await startServer(target, { distDir: dist });
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
    await rm(dist, { recursive: true, force: true });
  });

  it.each(['/', '/export', '/some/deep/route?x=1'])(
    'GET %s → index.html, no-cache',
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
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

  it('serves other files without immutable caching', async () => {
    const res = await fetch(`${server.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
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
    const api = await server.fetch('/rest/v1/signatures?select=*');
    expect(api.status).toBe(200);
  });
});
