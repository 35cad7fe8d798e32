/**
 * Initial JavaScript of the built app, gzipped: the entry script of `index.html` and its
 * modulepreload links (what the browser fetches before the first render), each gzipped with
 * zlib at its default level and summed. The /export route's lazy chunk (and anything only it
 * imports) is reported on its own, found through Vite's manifest when there is one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface BundleSize {
  initial: FileSize[];
  initialGzip: number;
  initialBytes: number;
  /** Null when the build has no export chunk (the route is not split or not there). */
  exportChunk: { files: FileSize[]; gzip: number; bytes: number } | null;
  css: FileSize[];
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function sizeOf(distDir: string, file: string): FileSize {
  const content = readFileSync(join(distDir, file.replace(/^\//, '')));
  return { file: file.replace(/^\//, ''), bytes: content.length, gzip: gzipSync(content).length };
}

/** `src`/`href` values of tags matching `tagPattern` in the HTML. */
function attributeValues(html: string, tagPattern: RegExp, attribute: string): string[] {
  const values: string[] = [];
  for (const tag of html.match(tagPattern) ?? []) {
    const m = new RegExp(`\\s${attribute}="([^"]+)"`).exec(tag);
    if (m) values.push(m[1]!);
  }
  return values;
}

export function measureBundle(distDir: string): BundleSize {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const scripts = attributeValues(html, /<script\b[^>]*type="module"[^>]*>/g, 'src');
  const preloads = attributeValues(html, /<link\b[^>]*rel="modulepreload"[^>]*>/g, 'href');
  const initialFiles = [...new Set([...scripts, ...preloads])].filter((f) => !/^https?:/.test(f));
  const initial = initialFiles.map((f) => sizeOf(distDir, f));
  const css = attributeValues(html, /<link\b[^>]*rel="stylesheet"[^>]*>/g, 'href').map((f) =>
    sizeOf(distDir, f),
  );

  return {
    initial,
    initialGzip: initial.reduce((a, f) => a + f.gzip, 0),
    initialBytes: initial.reduce((a, f) => a + f.bytes, 0),
    exportChunk: exportChunk(distDir, new Set(initial.map((f) => f.file))),
    css,
  };
}

/** The export route's chunk plus its static imports that the initial load does not fetch. */
function exportChunk(distDir: string, initial: Set<string>): BundleSize['exportChunk'] {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const key = Object.keys(manifest).find((k) => /export-route|features\/export/.test(k));
  if (!key) return null;
  const files = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || initial.has(chunk.file) || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  const sizes = [...files].map((f) => sizeOf(distDir, f));
  return {
    files: sizes,
    gzip: sizes.reduce((a, f) => a + f.gzip, 0),
    bytes: sizes.reduce((a, f) => a + f.bytes, 0),
  };
}
