import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes a brotli and a gzip copy of each script, style and image big enough to gain', () => {
    dir = mkdtempSync(join(tmpdir(), 'signwall-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const big = 'wall '.repeat(400);
    const files = {
      'assets/app.js': `console.log("${big}")`,
      'assets/app.css': `.x{content:"${big}"}`,
      'embed.js': `/* ${big} */`,
      'assets/tiny.js': 'console.log(1)',
      'assets/app.js.map': `{"x":"${big}"}`,
      'index.html': `<p>${big}</p>`,
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    expect(precompressDir(dir)).toBe(3);
    for (const name of ['assets/app.js', 'assets/app.css', 'embed.js']) {
      const source = readFileSync(join(dir, name));
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`))).equals(source)).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).equals(source)).toBe(true);
    }
    // Too small to gain, a source map (never served), a page (written per request).
    for (const name of ['assets/tiny.js', 'assets/app.js.map', 'index.html']) {
      expect(existsSync(join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`))).toBe(false);
    }
  });
});
