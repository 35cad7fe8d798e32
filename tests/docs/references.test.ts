/**
 * Comments and strings give the reason, never a number from our own tracker: such a number leads
 * nowhere inside the repository. Every tracked source file under src, server, scripts, bench and
 * tests is read, and each line that names an issue by number ("issue" or "issues" followed by a
 * number, or a number in parentheses after '#') is listed as file:line.
 *
 * Another project's issue leads somewhere, so it is allowed: a line holding a URL, or one where
 * the number follows that project's name ("PostgREST issue #N", "giscus #N", "its issue #N" after
 * the name on the same line).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const ROOTS = ['src', 'server', 'scripts', 'bench', 'tests'];
const SOURCE = /\.(ts|tsx|mjs|cjs|js|css)$/;

/** Projects whose trackers a comment may cite by number. */
const OTHER_PROJECTS = [
  'PostgREST',
  'PostgreSQL',
  'Postgres',
  'PGlite',
  'Supabase',
  'supabase-js',
  'realtime-js',
  'postgrest-js',
  'giscus',
  'tldraw',
  'Excalidraw',
  'WBO',
  'Playwright',
  'Chromium',
  'Chrome',
  'Firefox',
  'WebKit',
  'Safari',
  'Node',
  'Node.js',
  'npm',
  'Vite',
  'Vitest',
  'React',
  'Konva',
  'react-konva',
  'TanStack',
  'ws',
  'autocannon',
  'Lighthouse',
  'axe-core',
];

/** "issue 12", "Issue #12", "issues #12 and #13", "issue 12's"; and "(#12)". */
const TRACKER_REFERENCE = /\bissues?\s*#?\d+|\(#\d+\)/gi;
/** A line whose last word is "issue" or "issues", its number on the next line. */
const SPLIT_REFERENCE = /\bissues?\s*#?$/i;
const WEB_ADDRESS = /\bhttps?:\/\/\S/;

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAMES = OTHER_PROJECTS.map(escape).join('|');
/** The project's name right before the reference: "PostgREST issue #N", "Vite (#N)". */
const NAMED_JUST_BEFORE = new RegExp(`(?:^|[^\\w-])(?:${NAMES})(?:['’]s)?\\s+$`, 'i');
/** "its issue #N", on a line that names the project before it. */
const ITS = /\bits\s+$/i;
const NAMED_ON_LINE = new RegExp(`(?:^|[^\\w-])(?:${NAMES})(?![\\w-])`, 'i');

/** This file: its examples are references on purpose. */
const THIS_FILE = 'tests/docs/references.test.ts';

function trackedSources(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...ROOTS], {
    cwd: REPO,
    encoding: 'utf8',
  });
  return out.split('\0').filter((path) => SOURCE.test(path) && path !== THIS_FILE);
}

/** Whether the reference at `index` on `line` is another project's (or holds its URL). */
function namesAnotherProject(line: string, index: number): boolean {
  if (WEB_ADDRESS.test(line)) return true;
  const before = line.slice(0, index);
  return NAMED_JUST_BEFORE.test(before) || (ITS.test(before) && NAMED_ON_LINE.test(before));
}

/** The lines of `text` that cite our own tracker by number, as "path:line: text". */
function trackerReferences(path: string, text: string): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    const cites = [...line.matchAll(TRACKER_REFERENCE)].some(
      (m) => !namesAnotherProject(line, m.index),
    );
    const next = lines[i + 1]?.replace(/^\s*(?:\*|\/\/|\/\*)?\s*/, '') ?? '';
    const end = line.search(SPLIT_REFERENCE);
    const split = end >= 0 && /^#?\d/.test(next) && !namesAnotherProject(line, end);
    if (cites || split) found.push(`${path}:${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe('references to our own tracker', () => {
  it('finds the forms it looks for, and lets other projects through', () => {
    const sample = [
      '// the flood limit (issue 11)',
      ' * Issues #12 and #13 on a phone',
      " * issue 22's targets",
      ' * loaded first (#12). And since Issue 4,',
      ' * what bounds a save (issue',
      ' * 19: its overlap check walks the strokes)',
      '// Playwright events, not CDP: since issue 22 a worker reads the wall',
      '// PostgREST answers 201 (its issue #1323); here it is refused.',
      ' * as PostgREST does (its issue',
      ' * #1323), and Vite (#99) too',
      ' *   nothing stored (PostgREST issue #1323, open)',
      '// as giscus #134 does',
      '// see https://github.com/supabase/realtime-js/issues/123 (issue 123)',
      "expect(captionLines('#12', 24)).toEqual(['#12']);",
      "'signature #12 cannot be unhidden: signature #34 is now in its spot'",
    ].join('\n');
    expect(trackerReferences('x.ts', sample).map((l) => l.split(':')[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '7',
    ]);
  });

  it('has no line in src, server, scripts, bench or tests that cites one by number', () => {
    const sources = trackedSources();
    expect(sources.length).toBeGreaterThan(100);
    const offenders = sources.flatMap((path) =>
      trackerReferences(path, readFileSync(join(REPO, path), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
