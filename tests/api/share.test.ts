/**
 * The wall on other pages, against the real server on a real database: `/preview.png` (its
 * pixels against the wall, never blocking, never delaying a read), `/oembed`, and the preview
 * tags the server writes into every page (og:image for a share link, from PUBLIC_URL or a
 * checked Host).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIET_MS } from '../../server/share/previews.ts';
import { cellSignature } from '../db/support/dense-wall.ts';
import { startRefused } from '../support/server-process.ts';
import { backends, startServer, type Target, type TestServer } from './harness.ts';

/** The head of the built index.html, as far as the server's page writer cares. */
const INDEX_HTML = `<!doctype html><html><head><title>signwall</title>
<meta property="og:image" content="/og-image.png" />
<meta name="twitter:image" content="/og-image.png" />
</head><body><div id="root"></div></body></html>`;

type Rgba = [number, number, number, number];

function pixel(png: PNG, x: number, y: number): Rgba {
  const i = (png.width * Math.round(y) + Math.round(x)) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, png.data[i + 3]!];
}

/** GET with any Host header (fetch will not send a forged one). */
function getWithHost(
  url: string,
  host: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A meta tag's content, its attribute's `&amp;` read back as `&`. */
const metaContent = (html: string, attribute: string) =>
  new RegExp(`<meta ${attribute} content="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');

describe.each(backends)('the wall on other pages on $name', (backend) => {
  let target: Target;
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    target = await backend.createTarget();
    dist = await mkdtemp(join(tmpdir(), 'signwall-share-dist-'));
    await writeFile(join(dist, 'index.html'), INDEX_HTML);
    await writeFile(join(dist, 'index.shell.html'), INDEX_HTML);
    server = await startServer(target, { distDir: dist, app: { previewRefreshMs: 0 } });
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
    await rm(dist, { recursive: true, force: true });
  });

  /** The preview of `query` once rendered for the wall as it is now. */
  async function freshPreview(query: string): Promise<PNG> {
    for (let i = 0; i < 5; i++) {
      const res = await server.fetch(`/preview.png${query}`);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.headers.get('x-preview') === 'fresh') return PNG.sync.read(bytes);
      await server.app.previews.idle();
    }
    throw new Error('the preview never became fresh');
  }

  it('/preview.png paints the wall as the export does: white strokes, gold captions, #333', async () => {
    // A horizontal stroke from (200, 300) to (400, 300): outline (190, 290) 220 × 20.
    const { error } = await server.client.from('signatures').insert({
      signature: JSON.stringify([
        [
          [200, 300],
          [400, 300],
        ],
      ]),
      caption: 'WWWWWWWW',
    });
    expect(error).toBeNull();
    const first = await server.fetch('/preview.png?x=300&y=300&zoom=2');
    // Never waits for a render: the first answer is a stand-in, at once.
    expect(first.status).toBe(200);
    expect(first.headers.get('x-preview')).not.toBe('fresh');
    expect(first.headers.get('cache-control')).toBe('no-cache');

    // 1200 × 630 centred on (300, 300) at zoom 2: screen = (wall − (300, 300)) × 2 + (600, 315).
    const png = await freshPreview('?x=300&y=300&zoom=2');
    expect([png.width, png.height]).toEqual([1200, 630]);
    const screen = (x: number, y: number) => pixel(png, (x - 300) * 2 + 600, (y - 300) * 2 + 315);
    for (const x of [210, 250, 300, 390]) expect(screen(x, 300)).toEqual([255, 255, 255, 255]);
    expect(screen(300, 250)).toEqual([0x33, 0x33, 0x33, 255]);
    expect(screen(500, 400)).toEqual([0x33, 0x33, 0x33, 255]);
    // The caption: gold (255, 215, 0) somewhere in its first line, under the outline.
    let gold = 0;
    for (let x = 190; x < 410; x++) {
      for (let y = 312; y < 326; y++) {
        const [r, g, b] = screen(x, y);
        if (r > 240 && g > 200 && g < 230 && b < 40) gold++;
      }
    }
    expect(gold).toBeGreaterThan(50);

    // The whole wall fitted: 630 px for 3200, centred; beyond the wall the board's outside.
    const whole = await freshPreview('');
    const scale = 630 / 3200;
    const at = (x: number, y: number) => pixel(whole, 285 + x * scale, y * scale);
    expect(pixel(whole, 100, 300)).toEqual([0x18, 0x18, 0x1b, 255]);
    expect(at(1600, 1600)).toEqual([0x33, 0x33, 0x33, 255]);
    const [r, g, b] = at(300, 300);
    expect(r + g + b).toBeGreaterThan(3 * 0x33 + 60);
  });

  it('/preview.png never shows a hidden signature, and follows the wall version', async () => {
    const { data } = await server.client
      .from('signatures')
      .insert({
        signature: JSON.stringify([
          [
            [1000, 1000],
            [1100, 1000],
          ],
        ]),
      })
      .select('id')
      .single();
    const id = (data as { id: number }).id;
    const on = () => freshPreview('?x=1050&y=1000&zoom=1').then((png) => pixel(png, 600, 315));
    expect(await on()).toEqual([255, 255, 255, 255]);
    await server.db.transaction((tx) =>
      tx.query('update public.signatures set hidden = true where id = $1', [id]),
    );
    expect(await on()).toEqual([0x33, 0x33, 0x33, 255]);
  });

  it('answers many views at once without waiting, and renders them one at a time', async () => {
    let painting = 0;
    let most = 0;
    const start = () => (most = Math.max(most, ++painting));
    const end = () => painting--;
    server.app.previews.events.on('painting', start);
    server.app.previews.events.on('rendered', end);
    server.app.previews.events.on('failed', end);
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => server.fetch(`/preview.png?x=${i * 80}&y=7&zoom=1`)),
      );
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.headers.get('x-preview')).not.toBe('fresh');
      }
      await server.app.previews.idle();
      expect(most).toBe(1);
    } finally {
      server.app.previews.events.off('painting', start);
      server.app.previews.events.off('rendered', end);
      server.app.previews.events.off('failed', end);
    }
  });

  it('/oembed answers a rich oEmbed 1.0 of this wall, keeping the view of the URL', async () => {
    const wall = server.url;
    const ask = (query: string) => fetch(`${wall}/oembed?${query}`);
    const res = await ask(
      `url=${encodeURIComponent(`${wall}/?x=1200&y=800&zoom=1.5`)}&format=json`,
    );
    expect(res.status).toBe(200);
    // Its URLs come from the request's Host: no shared cache may keep it.
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'signwall',
      provider_url: `${wall}/`,
      width: 640,
      height: 480,
      thumbnail_url: `${wall}/preview.png?x=1200&y=800&zoom=1.5`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
    expect(body.html).toBe(
      `<iframe src="${wall}/embed?x=1200&amp;y=800&amp;zoom=1.5" width="640" height="480" ` +
        `style="border:0;max-width:100%" loading="lazy" title="signwall: sign my page!" ` +
        `allow="clipboard-write; web-share"></iframe>`,
    );

    // An older link's hash, a view mode, and the consumer's size limits.
    const small = (await (
      await ask(
        `url=${encodeURIComponent(`${wall}/embed?mode=view#x=10&y=20&zoom=2`)}&maxwidth=320&maxheight=400`,
      )
    ).json()) as Record<string, unknown>;
    expect(small).toMatchObject({ width: 320, height: 400 });
    expect(small.html).toContain(`src="${wall}/embed?x=10&amp;y=20&amp;zoom=2&amp;mode=view"`);
    // The only thumbnail is 1200 × 630: past the limits, none.
    expect(small.thumbnail_url).toBeUndefined();

    // Another site's URL, a missing one, junk, another format.
    expect((await ask(`url=${encodeURIComponent('https://evil.example/?x=1&y=1')}`)).status).toBe(
      404,
    );
    expect(
      (await ask(`url=${encodeURIComponent(`${wall.replace('127.0.0.1', 'localhost')}/`)}`)).status,
    ).toBe(404);
    expect((await ask(`url=${encodeURIComponent('javascript:alert(1)')}`)).status).toBe(404);
    expect((await ask('format=json')).status).toBe(400);
    expect((await ask('url=%E0%A4%A')).status).toBe(400);
    expect((await ask(`url=${encodeURIComponent(`${wall}/`)}&format=xml`)).status).toBe(501);
    // The server still serves everyone.
    expect((await fetch(`${wall}/healthz`)).status).toBe(200);
  });

  it("writes the share link's view into og:image, og:url and twitter:image, and links every page to /oembed", async () => {
    const res = await fetch(`${server.url}/?x=640&y=400&zoom=1.25`);
    const html = await res.text();
    const image = `${server.url}/preview.png?x=640&y=400&zoom=1.25`;
    expect(metaContent(html, 'property="og:image"')).toBe(image);
    expect(metaContent(html, 'name="twitter:image"')).toBe(image);
    expect(metaContent(html, 'property="og:url"')).toBe(`${server.url}/?x=640&y=400&zoom=1.25`);
    // From the request's Host: no shared cache may keep it for others.
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    for (const path of ['/', '/embed?mode=view', '/export', '/moderate', '/somewhere']) {
      const page = await (await fetch(`${server.url}${path}`)).text();
      expect(page).toContain(
        `<link rel="alternate" type="application/json+oembed" href="${server.url}/oembed?url=`,
      );
    }
    // Out-of-range and junk views are clamped or dropped, never copied.
    const clamped = await (await fetch(`${server.url}/?x=99999&y=-5&zoom=1e9`)).text();
    expect(metaContent(clamped, 'property="og:image"')).toBe(
      `${server.url}/preview.png?x=3200&y=0&zoom=4`,
    );
    const junk = await (await fetch(`${server.url}/?x="><script>&y=1`)).text();
    expect(metaContent(junk, 'property="og:image"')).toBe(`${server.url}/preview.png`);
    expect(junk).not.toContain('<script>');
  });

  it('never writes a hostile Host into a page', async () => {
    for (const host of ['evil.example"><script>x</script>', 'a b', 'x'.repeat(300), 'host:99999']) {
      const { status, body } = await getWithHost(`${server.url}/?x=1&y=2&zoom=1`, host);
      expect([200, 400]).toContain(status);
      if (status === 200) {
        expect(metaContent(body, 'property="og:image"')).toBe('/preview.png?x=1&y=2&zoom=1');
        expect(body).not.toContain('evil.example');
      }
    }
    // A plain host name is used, and the page is the client's own (private).
    const plain = await getWithHost(`${server.url}/`, 'wall.example:8080');
    expect(metaContent(plain.body, 'property="og:image"')).toBe(
      'http://wall.example:8080/preview.png',
    );
    expect(plain.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('pages with PUBLIC_URL', () => {
  let target: Target;
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    target = await backends[0]!.createTarget();
    dist = await mkdtemp(join(tmpdir(), 'signwall-share-dist-'));
    await writeFile(join(dist, 'index.html'), INDEX_HTML);
    server = await startServer(target, {
      distDir: dist,
      app: { publicUrl: 'https://wall.example/' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
    await rm(dist, { recursive: true, force: true });
  });

  it('use PUBLIC_URL whatever the Host, so pages may be cached for all; oEmbed refuses other hosts', async () => {
    const { body, headers } = await getWithHost(`${server.url}/?x=5&y=6&zoom=1`, 'evil.example');
    expect(metaContent(body, 'property="og:image"')).toBe(
      'https://wall.example/preview.png?x=5&y=6&zoom=1',
    );
    expect(headers['cache-control']).toBe('no-cache');
    const ok = await fetch(
      `${server.url}/oembed?url=${encodeURIComponent('https://wall.example/?x=5&y=6&zoom=1')}`,
    );
    expect(ok.headers.get('cache-control')).toBe('public, max-age=300');
    expect(((await ok.json()) as { html: string }).html).toContain(
      'src="https://wall.example/embed?x=5&amp;y=6&amp;zoom=1"',
    );
    const other = await fetch(`${server.url}/oembed?url=${encodeURIComponent(`${server.url}/`)}`);
    expect(other.status).toBe(404);
  });
});

describe.each(backends)('previews under load on $name', (backend) => {
  let target: Target;
  let server: TestServer;

  beforeAll(async () => {
    target = await backend.createTarget();
    server = await startServer(target, { app: { previewRefreshMs: 0 } });
    // A dense wall of 2,000 signatures, inserted as the owner, 100 a statement.
    for (let n = 0; n < 2000; n += 100) {
      const texts = Array.from({ length: 100 }, (_, k) => cellSignature(n + k));
      await server.db.transaction((tx) =>
        tx.query(
          'insert into public.signatures (signature, caption) select s, $2 from unnest($1::text[]) s',
          [texts, 'a caption for each'],
        ),
      );
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
  });

  it('never delay a read: reads asked while a preview paints are answered before it is done', async () => {
    const previews = server.app.previews;
    // Warm up: the worker started and the blank picture made.
    await server.fetch('/preview.png?x=1&y=1&zoom=1');
    await previews.idle();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    let rendered = false;
    const readsDone: boolean[] = [];
    const reads: Promise<void>[] = [];
    const painting = new Promise<void>((resolve) => previews.events.once('painting', resolve));
    const done = new Promise<void>((resolve) =>
      previews.events.once('rendered', () => {
        rendered = true;
        resolve();
      }),
    );
    // The whole wall: parsed, painted and encoded in the worker.
    const stand = await server.fetch('/preview.png');
    expect(stand.headers.get('x-preview')).not.toBe('fresh');
    await painting;
    loop.enable();
    // Reads asked after the painting began, one after another until it is done.
    while (!rendered && reads.length < 200) {
      const read = server
        .fetch('/rest/v1/signatures?select=id&id=gt.1990&order=id')
        .then(async (res) => {
          expect(res.status).toBe(200);
          expect(((await res.json()) as unknown[]).length).toBe(10);
          readsDone.push(!rendered);
        });
      reads.push(read);
      await read;
    }
    await done;
    await Promise.all(reads);
    loop.disable();
    const during = readsDone.filter(Boolean).length;
    console.log(
      `${backend.name}: ${during} reads answered while a 2,000-signature preview painted; ` +
        `longest event-loop stall ${(loop.max / 1e6).toFixed(0)} ms`,
    );
    expect(during).toBeGreaterThan(0);
    const fresh = await server.fetch('/preview.png');
    expect(fresh.headers.get('x-preview')).toBe('fresh');
  });

  it('read only what changed once they hold the wall: a saved row, none for a hide, the row shown again', async () => {
    const previews = server.app.previews;
    const insert = (n: number) =>
      server.db.transaction((tx) =>
        tx.query<{ id: number }>(
          'insert into public.signatures (signature, caption) values ($1, $2) returning id',
          [cellSignature(n), 'joined'],
        ),
      );
    const setHidden = (id: number, hidden: boolean) =>
      server.db.transaction((tx) =>
        tx.query('update public.signatures set hidden = $2 where id = $1', [id, hidden]),
      );
    const held = await previews.renderNow('fit');
    const [row] = await insert(2000);
    const joined = await previews.renderNow('fit');
    expect(joined.rowsRead).toBe(1);
    expect(joined.signatures).toBe(held.signatures + 1);
    await setHidden(row!.id, true);
    const hidden = await previews.renderNow('fit');
    expect(hidden.rowsRead).toBe(0);
    expect(hidden.signatures).toBe(held.signatures);
    await setHidden(row!.id, false);
    const back = await previews.renderNow('fit');
    expect(back.rowsRead).toBe(1);
    expect(back.signatures).toBe(held.signatures + 1);
  });

  it('wait to render while a visitor is being served, and render once the server is quiet', async () => {
    const previews = server.app.previews;
    await previews.idle();
    // A visitor's request in flight: a save whose body is still coming.
    const { hostname, port } = new URL(server.url);
    const visitor = connect(Number(port), hostname);
    await new Promise<void>((resolve) => visitor.once('connect', resolve));
    visitor.write(
      'POST /rest/v1/signatures HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `apikey: ${server.anonKey}\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{\r\n`,
    );
    // The server has taken the save in before the preview is asked for.
    await expect.poll(() => server.app.activity.inFlight).toBe(1);
    let painted = false;
    const onPainting = () => (painted = true);
    previews.events.on('painting', onPainting);
    const rendered = new Promise<void>((resolve) =>
      previews.events.on('rendered', (key: string) => key === '7,7,1' && resolve()),
    );
    try {
      // A view never rendered: its render is queued at once, and would start at once.
      const stand = await server.fetch('/preview.png?x=7&y=7&zoom=1');
      expect(stand.headers.get('x-preview')).toBe('default');
      // Twice the quiet time the server waits for (QUIET_MS): a render of 2,000 signatures that
      // did not wait would have begun painting long before.
      await new Promise((resolve) => setTimeout(resolve, 2 * QUIET_MS));
      expect(painted).toBe(false);
      visitor.destroy();
      await rendered;
      expect(painted).toBe(true);
    } finally {
      visitor.destroy();
      previews.events.off('painting', onPainting);
    }
    const fresh = await server.fetch('/preview.png?x=7&y=7&zoom=1');
    expect(fresh.headers.get('x-preview')).toBe('fresh');
  });
});

describe('the settings', () => {
  it('a start with EMBED_ORIGINS or PUBLIC_URL that are not origins stops, saying why', async () => {
    for (const [name, value, says] of [
      ['EMBED_ORIGINS', 'blog.example', /EMBED_ORIGINS must be origins/],
      ['EMBED_ORIGINS', "https://a.test 'unsafe-inline'", /EMBED_ORIGINS must be origins/],
      ['PUBLIC_URL', 'wall.example', /PUBLIC_URL must be/],
    ] as const) {
      const { code, output } = await startRefused({
        DATA_DIR: join(tmpdir(), 'signwall-never-opened'),
        DATABASE_URL: '',
        [name]: value,
      });
      expect(code, output).not.toBe(0);
      expect(output).toMatch(says);
    }
  });
});
