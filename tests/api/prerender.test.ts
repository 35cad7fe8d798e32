/**
 * The built index.html holds the welcome card and its inline style; the server allows
 * that style by the sha256 it computes from the built pages at start (so a new build's style is
 * allowed after a restart, the old one no longer), and serves the page without the card to the
 * routes where the card is not the page.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtStyleHashes } from '../../server/http/security-headers.ts';
import { backends, startServer, type Target, type TestServer } from './harness.ts';

const CARD = '<main class="welcome">Hey! Sign my page!</main>';
const page = (css: string, root: string) =>
  `<!doctype html><title>signwall</title><style>${css}</style><div id="root">${root}</div>`;
const hashSource = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

// Serving the build does not depend on the database; PGlite alone covers it.
const backend = backends[0]!;

describe('the pre-rendered welcome card', () => {
  let dist: string;
  let target: Target | undefined;
  let server: TestServer | undefined;

  async function build(css: string): Promise<void> {
    await writeFile(join(dist, 'index.html'), page(css, CARD));
    await writeFile(join(dist, 'index.shell.html'), page(css, ''));
  }

  async function styleSource(): Promise<string> {
    const csp = (await server!.fetch('/')).headers.get('content-security-policy') ?? '';
    return csp.split('; ').find((directive) => directive.startsWith('style-src')) ?? '';
  }

  // One server on the first build, started in the hook as every API file starts its servers (a
  // start inside a test ran past the test's 30 s on CI's loaded runs, twice).
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'signwall-prerender-'));
    await build('.welcome{background:#111}');
    target = await backend.createTarget();
    server = await startServer(target, { distDir: dist });
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
    await rm(dist, { recursive: true, force: true });
  });

  it("allows exactly the built style's hash", async () => {
    const source = await styleSource();
    expect(source).toBe(`style-src 'self' ${hashSource('.welcome{background:#111}')}`);
    expect(source).not.toContain('unsafe-inline');
  });

  it('serves the card where it is the page, and the empty shell on /export and /moderate', async () => {
    for (const path of ['/', '/some/deep/path?x=1', '/exports', '/moderated']) {
      const res = await server!.fetch(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(CARD);
    }
    for (const path of ['/export', '/moderate', '/export/', '/Moderate', '/export?x=1']) {
      const res = await server!.fetch(path);
      expect(res.status, path).toBe(200);
      // Private: written from the request's Host (no PUBLIC_URL), as every page (tests/api/share).
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
      const html = await res.text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain(CARD);
    }
  });

  // What the server reads at start (app.ts passes it on, as the first test shows), after a rebuild.
  it('follows a new build: its style is allowed, the old one no longer', async () => {
    await build('.welcome{background:#222}');
    const hashes = builtStyleHashes(dist);
    expect(hashes).toEqual([hashSource('.welcome{background:#222}')]);
    expect(hashes).not.toContain(hashSource('.welcome{background:#111}'));
  });
});
