/**
 * On a Node older than package.json's "engines" (Node 20 is still the default on many machines,
 * these included), `npm install` and `npm start` say in one line which Node is needed and how to
 * get it, instead of a stack trace (ERR_UNKNOWN_FILE_EXTENSION ".ts"). Run for real: the old Node
 * is the machine's own (Debian's /usr/bin/node here and in CI; CI puts Node 22 first on PATH).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const [needMajor, needMinor] = /(\d+)\.(\d+)/.exec(pkg.engines.node)!.slice(1).map(Number) as [
  number,
  number,
];

function versionOf(node: string): [number, number] | null {
  try {
    const text = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim(); // v20.20.2
    const [major, minor] = text.slice(1).split('.').map(Number);
    return [major!, minor!];
  } catch {
    return null;
  }
}

/** A Node binary on this machine that is older than the project needs. */
function findOldNode(): string {
  const candidates = [
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'node')),
    '/usr/bin/node',
    '/usr/local/bin/node',
  ];
  for (const node of candidates) {
    const version = versionOf(node);
    if (version && (version[0] < needMajor || (version[0] === needMajor && version[1] < needMinor)))
      return node;
  }
  throw new Error(`no Node older than ${needMajor}.${needMinor} on this machine to try`);
}

const oldNode = findOldNode();
/** PATH with the old Node's folder first, so `npm` and the scripts it runs use it. */
const oldPath = [dirname(oldNode), process.env.PATH].join(delimiter);
const scratch = mkdtempSync(join(tmpdir(), 'signwall-old-node-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const oneLine = new RegExp(
  `^signwall needs Node ${needMajor}\\.${needMinor} or newer \\(this is Node [0-9.]+\\): ` +
    'run `nvm install` here \\(it reads \\.nvmrc\\)',
);

describe(`on an old Node (${oldNode})`, () => {
  it('the check prints one line naming the Node needed and .nvmrc, and exits 1', () => {
    const run = spawnSync(oldNode, ['scripts/check-node.cjs'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(oneLine);
  });

  it('npm start and npm run serve stop at that line, before any TypeScript is loaded', () => {
    for (const script of ['start', 'serve']) {
      const run = spawnSync('npm', ['run', '--silent', script], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, PATH: oldPath, PORT: '0', DATA_DIR: join(scratch, 'data') },
        timeout: 60_000,
      });
      expect(run.status, script).not.toBe(0);
      expect(run.stderr, script).toMatch(oneLine);
      expect(run.stderr + run.stdout, script).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION|at .*\.ts:/);
    }
  });

  it('npm install stops at that line (preinstall)', () => {
    // A copy of the project's manifest without dependencies: the same lifecycle, nothing fetched.
    const project = join(scratch, 'project');
    mkdirSync(join(project, 'scripts'), { recursive: true });
    copyFileSync(
      join(root, 'scripts', 'check-node.cjs'),
      join(project, 'scripts', 'check-node.cjs'),
    );
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ ...pkg, dependencies: {}, devDependencies: {} }),
    );
    const run = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, PATH: oldPath },
      timeout: 120_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(new RegExp(oneLine.source, 'm'));
  });
});

describe('on the Node the project runs on', () => {
  it('the check passes silently', () => {
    const run = spawnSync(process.execPath, ['scripts/check-node.cjs'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stderr + run.stdout).toBe('');
  });
});
