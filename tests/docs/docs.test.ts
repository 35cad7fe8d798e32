/**
 * The README is the front door and docs/ the manual; these keep them true to the code: the README's
 * length, its map of the folders, the settings table against server/config.ts, and every link.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../server/config.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const README = read('README.md');

const foldersOf = (path: string) =>
  readdirSync(join(ROOT, path)).filter((name) => statSync(join(ROOT, path, name)).isDirectory());

/** The folders the README's map names, as paths (`src/features/board/`), from its indentation. */
function mappedFolders(): Set<string> {
  const block = /## Where things are\n+```\n([\s\S]*?)```/.exec(README)?.[1] ?? '';
  const stack: string[] = [];
  const paths = new Set<string>();
  for (const line of block.split('\n')) {
    const match = /^( *)(\S+?\/)(?:\s|$)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 2;
    stack.length = depth;
    // A top line may name a path of several folders (`supabase/migrations/`).
    stack.push(match[2]!);
    paths.add(stack.join(''));
  }
  return paths;
}

describe('the README', () => {
  it('is a front door: at most 200 lines', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('maps every folder of server/ and src/features/, and only folders that are there', () => {
    const mapped = mappedFolders();
    const needed = [
      ...foldersOf('server').map((name) => `server/${name}/`),
      ...foldersOf('src/features').map((name) => `src/features/${name}/`),
      ...foldersOf('src').map((name) => `src/${name}/`),
    ];
    expect(needed.filter((path) => !mapped.has(path))).toEqual([]);
    expect([...mapped].filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });
});

describe("docs/operating.md's settings", () => {
  /** `| \`NAME\` | default | meaning |` rows of its first table: name → default as written. */
  function documented(): Map<string, string> {
    const table = read('docs/operating.md').split('## Settings')[1]!.split('\n\n| variable')[1]!;
    const rows = new Map<string, string>();
    for (const [, name, value] of table.matchAll(/^\| `([A-Z_]+)` \| ([^|]+) \|/gm)) {
      rows.set(name!, value!.trim());
    }
    return rows;
  }

  it('are the server’s, each with its default', () => {
    const rows = documented();
    const expected = new Map(
      Object.values(SETTINGS).map((s) => [s.name, s.default === '' ? 'unset' : `\`${s.default}\``]),
    );
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(expected));
  });
});

describe('links in the README and docs/', () => {
  const pages = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];

  it.each(pages)('%s links to files that exist', (page) => {
    const broken: string[] = [];
    for (const [, target] of read(page).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      if (!existsSync(resolve(ROOT, dirname(page), target!))) broken.push(target!);
    }
    expect(broken).toEqual([]);
  });
});
