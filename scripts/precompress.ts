/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside each of the build's
 * scripts, styles and images, which the server sends as they are (server/http/static.ts,
 * `preCompressed`). Compressed per request instead, the first screen's script cost the server
 * 20–70 ms of CPU for every visitor (on the critical path of their load), at a lower ratio.
 * Pages are left out: the server writes them per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this, compression saves less than its own headers cost. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Compresses every compressible file of `dir`; answers how many. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const bytes = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    count++;
  }
  return count;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'signwall-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    // After every other plugin has written its files (the embed snippet, the welcome pages).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDir(resolve(config.root, config.build.outDir));
      },
    },
  };
}
