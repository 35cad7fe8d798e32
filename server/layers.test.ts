/**
 * The server's layers import one way (docs/architecture.md, "The server's layers"), read from the
 * source itself with TypeScript's own import scanner, tests included:
 *
 *   main.ts, app.ts,  compose everything, the environment read once through one table
 *   config.ts
 *   api/              the data API: a request's plan → cache → SQL → respond, errors to the envelope
 *   realtime/         Supabase Realtime's WebSocket: door, a socket's conversation, the change feed
 *   reports/          telling the owner of reports: the database's queue, digests, the webhook post
 *   share/            the wall on other pages: link previews, oEmbed, the pages' preview tags
 *   cache/            the read cache: which reads, under which key, its store, snapshots when busy
 *   settings/         the app's settings the database keeps (flood limit, community hiding)
 *   http/             HTTP only: connections, keys, CORS, compression, headers, static files
 *   rest/  db/        pure PostgREST (parse, plan, SQL text, respond) / the database driver
 *
 * and no module imports itself back through others (an import cycle).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = dirname(fileURLToPath(import.meta.url));

/** What each layer may import besides itself, as paths under server/ (a folder ends with '/'). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  'db/': [],
  'rest/': [],
  // Every answer, a 401 of the gateway or a 503 of a full server too, is in PostgREST's envelope.
  'http/': ['rest/envelope.ts', 'log.ts'],
  // Which reads are kept and under which key is the plan's (rest/); answers are compressed once.
  'cache/': ['http/', 'rest/', 'db/', 'log.ts'],
  'settings/': ['db/'],
  'api/': ['cache/', 'http/', 'rest/', 'db/', 'log.ts'],
  // The Realtime door checks keys and answers refusals as the data API does.
  'realtime/': ['http/', 'rest/envelope.ts', 'db/', 'log.ts'],
  // The notifier reads the database's queue and logs; it knows nothing of HTTP requests or REST.
  'reports/': ['db/', 'log.ts'],
  // Link previews, oEmbed and the pages' preview tags: HTTP and a read of the wall.
  'share/': ['http/', 'db/', 'log.ts'],
  'log.ts': [],
};

/** server/-relative paths of every module, and the server/-relative modules each one imports. */
function importGraph(root = SERVER): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.(ts|mjs)$/.test(file),
  );
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const imports = importedFiles
      .map((imported) => imported.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => relative(root, resolve(root, dirname(file), name)));
    graph.set(file, imports);
  }
  return graph;
}

/** The layer a module belongs to (a key of MAY_IMPORT), or undefined for the composing root. */
function layerOf(path: string): string | undefined {
  return Object.keys(MAY_IMPORT).find((layer) =>
    layer.endsWith('/') ? path.startsWith(layer) : path === layer,
  );
}

/** Imports that leave their layer for one it may not use: `from → to`. */
function crossings(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [from, imports] of graph) {
    const layer = layerOf(from);
    if (!layer) continue;
    for (const to of imports) {
      if (to.startsWith('../')) continue; // outside server/: the eslint boundaries decide (src/domain)
      if (layerOf(to) === layer) continue;
      const allowed = MAY_IMPORT[layer]!.some((target) =>
        target.endsWith('/') ? to.startsWith(target) : to === target,
      );
      if (!allowed) found.push(`${from} → ${to}`);
    }
  }
  return found;
}

/** Every import cycle, each as the modules along it, first repeated at the end. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (module: string) => {
    const at = path.indexOf(module);
    if (at >= 0) {
      found.push([...path.slice(at), module]);
      return;
    }
    if (done.has(module)) return;
    path.push(module);
    for (const next of graph.get(module) ?? []) visit(next);
    path.pop();
    done.add(module);
  };
  for (const module of graph.keys()) visit(module);
  return found;
}

describe("the server's layers", () => {
  const graph = importGraph();

  it('reads the imports of every module', () => {
    expect(graph.get('api/rest-route.ts')).toContain('api/data-api.ts');
    expect(graph.get('app.ts')).toContain('api/rest-route.ts');
    expect(graph.size).toBeGreaterThan(60);
  });

  it('import only downward: db and rest know nothing above them, http no REST or database', () => {
    expect(crossings(graph)).toEqual([]);
  });

  it('have no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('tell an upward import and a cycle when there is one', () => {
    const broken = new Map(graph);
    broken.set('db/errors.ts', ['rest/envelope.ts']);
    broken.set('rest/envelope.ts', ['db/errors.ts']);
    broken.set('http/health.ts', ['db/types.ts']);
    expect(crossings(broken)).toEqual(
      expect.arrayContaining([
        'db/errors.ts → rest/envelope.ts',
        'rest/envelope.ts → db/errors.ts',
        'http/health.ts → db/types.ts',
      ]),
    );
    // Where a cycle is entered depends on the order modules are visited; that it is found does not.
    const between = (cycle: string[]) =>
      cycle.includes('db/errors.ts') && cycle.includes('rest/envelope.ts');
    expect(cycles(broken).some(between)).toBe(true);
  });
});

describe('the server’s file names', () => {
  it('are unique: a name says which file, wherever it is mentioned', () => {
    const byName = new Map<string, string[]>();
    for (const file of importGraph().keys()) {
      const name = file.split('/').pop()!;
      byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    expect([...byName.values()].filter((files) => files.length > 1)).toEqual([]);
  });
});
