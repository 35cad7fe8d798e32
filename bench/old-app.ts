/**
 * The old app (the public repository ozzeau/simypa: Create React App, supabase-js, one 3200×3200
 * canvas) measured beside signwall, against signwall's own server and the same wall. The bench
 * never builds it: `BENCH_OLD_APP_DIR` names a production build made elsewhere (its code, and any
 * recipe for building it, stay out of this repository).
 *
 * A Create React App build carries its data API's URL inside its JavaScript
 * (REACT_APP_SUPABASE_URL, read at build time). Rather than rewrite the build or route its
 * requests through a proxy (which would add a hop that signwall does not pay), the bench starts
 * signwall's server on the loopback port the build was made for, `BENCH_OLD_APP_API_PORT`
 * (54321 by default, the Supabase CLI's local API port), and checks that the build does name
 * `http://127.0.0.1:<port>` before measuring it. The old app itself is served from another
 * loopback port by a small static server with the SPA fallback a host gives it (so /export is its
 * index.html), gzip as a host compresses it: it calls the API cross-origin, as it did in
 * production against Supabase.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

export const DEFAULT_OLD_APP_API_PORT = 54321;

export interface OldAppConfig {
  /** The production build's folder (index.html, static/). */
  readonly dir: string;
  /** The loopback port its data API URL names; signwall's server listens there. */
  readonly apiPort: number;
}

export type OldAppSetting = { ok: true; value: OldAppConfig } | { ok: false; reason: string };

/** BENCH_OLD_APP_DIR and BENCH_OLD_APP_API_PORT, checked; a reason to print when not usable. */
export function oldAppFromEnv(env: NodeJS.ProcessEnv = process.env): OldAppSetting {
  const given = env.BENCH_OLD_APP_DIR;
  if (!given) {
    return {
      ok: false,
      reason: 'the old app was not given (BENCH_OLD_APP_DIR=<its production build>)',
    };
  }
  const dir = resolve(given);
  if (!existsSync(join(dir, 'index.html'))) {
    return { ok: false, reason: `BENCH_OLD_APP_DIR has no index.html: ${dir}` };
  }
  const apiPort = Number(env.BENCH_OLD_APP_API_PORT ?? DEFAULT_OLD_APP_API_PORT);
  if (!Number.isInteger(apiPort) || apiPort <= 0 || apiPort > 65535) {
    return { ok: false, reason: `BENCH_OLD_APP_API_PORT is not a port: ${apiPort}` };
  }
  const origin = `http://127.0.0.1:${apiPort}`;
  if (!scriptsOf(dir).some((file) => readFileSync(file, 'utf8').includes(origin))) {
    return {
      ok: false,
      reason:
        `the old app's build does not name ${origin} as its data API ` +
        `(build it with REACT_APP_SUPABASE_URL=${origin}, or set BENCH_OLD_APP_API_PORT)`,
    };
  }
  return { ok: true, value: { dir, apiPort } };
}

/** Every .js file of the build (Create React App puts them under static/js). */
function scriptsOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.js')) out.push(path);
    }
  };
  walk(dir);
  return out;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt']);

export interface StaticSite {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves `dir` on a free loopback port: its files, and index.html for any other path (the SPA
 * fallback), gzipped when the browser accepts it (compressed once, as a host's CDN keeps them).
 */
export async function serveStatic(dir: string): Promise<StaticSite> {
  const root = resolve(dir);
  const files = new Map<string, { raw: Buffer; gzip: Buffer | null }>();
  const read = (file: string) => {
    let entry = files.get(file);
    if (!entry) {
      const raw = readFileSync(file);
      entry = { raw, gzip: COMPRESSIBLE.has(extname(file)) ? gzipSync(raw) : null };
      files.set(file, entry);
    }
    return entry;
  };
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root + sep) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(root, 'index.html');
    }
    const { raw, gzip } = read(file);
    const zipped = gzip !== null && /\bgzip\b/.test(String(req.headers['accept-encoding']));
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      ...(zipped ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(zipped ? gzip : raw);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
