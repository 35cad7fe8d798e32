/**
 * The Node a system ships (Debian and Ubuntu: 18 or 20) is enough. npm installs the Node the
 * project runs on (package.json's optional dependency `node`, pinned there and only there) and
 * every npm script runs on it; a file run directly with an older Node answers with one line, not a
 * stack trace (scripts/check-node.cjs). Run for real with the machine's own Node (Debian's
 * /usr/bin/node here and in CI).
 *
 * What cannot be done: `node server/main.ts` itself on Node 20 or 18. The project is an ES module
 * package ("type": "module"), and those Nodes refuse a .ts file in one before reading a byte of it
 * (ERR_UNKNOWN_FILE_EXTENSION), so no check inside it can run. Hence the entries in plain
 * JavaScript (server/start.mjs, scripts/moderate.mjs, scripts/schema.mjs, scripts/dev.mjs) that
 * check first and import the TypeScript after.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: { node: string };
  scripts: Record<string, string>;
};
const pinned = pkg.optionalDependencies.node;
/** What Node runs the TypeScript itself from (check-node.cjs). */
const [needMajor, needMinor] = [22, 18];
const pinnedNode = join(root, 'node_modules', 'node', 'bin', 'node');

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
    '/usr/bin/node',
    '/usr/local/bin/node',
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'node')),
  ];
  for (const node of candidates) {
    const version = versionOf(node);
    if (version && (version[0] < needMajor || (version[0] === needMajor && version[1] < needMinor)))
      return node;
  }
  throw new Error(`no Node older than ${needMajor}.${needMinor} on this machine to try`);
}

const oldNode = findOldNode();
/** PATH with the old Node's folder first, as on a machine whose Node is that one. */
const oldPath = [dirname(oldNode), process.env.PATH].join(delimiter);
const scratch = mkdtempSync(join(tmpdir(), 'signwall-old-node-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const oneLine = new RegExp(
  `^signwall needs Node ${needMajor}\\.${needMinor} or newer \\(this is Node [0-9.]+\\): ` +
    `run it through npm \\(\`npm start\`, \`npm run serve\`, \`npm run moderate\`\\), which uses ` +
    `the Node ${pinned.replace(/\./g, '\\.')} that \`npm install\` put in node_modules, or with ` +
    'node_modules/.bin/node\n$',
);

describe(`a file run directly with an old Node (${oldNode})`, () => {
  it('the check prints one line naming the Node needed and the way that works, and exits 1', () => {
    const run = spawnSync(oldNode, ['scripts/check-node.cjs'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(oneLine);
  });

  it.each([
    ['server/start.mjs'],
    ['scripts/moderate.mjs', '--help'],
    ['scripts/schema.mjs'],
    ['scripts/dev.mjs'],
  ])('%s answers with that line, before any TypeScript is loaded', (...args) => {
    const run = spawnSync(oldNode, args, {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: oldPath, PORT: '0', DATA_DIR: join(scratch, 'data') },
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(oneLine);
  });
});

describe(`npm on an old Node (${oldNode} first on PATH)`, () => {
  it('npm run serve serves, on the Node npm installed', async () => {
    const child = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: root,
      env: {
        ...process.env,
        PATH: oldPath,
        PORT: '0',
        DATA_DIR: join(scratch, 'served'),
        DIST_DIR: join(scratch, 'no-build'),
      },
      detached: true, // its own process group: npm, the shell and the server stop together
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no server:\n${output}`)), 90_000);
        child.stdout.on('data', () => {
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
        void exited.then(() => reject(new Error(`npm exited:\n${output}`)));
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect(output).not.toMatch(/signwall needs Node/);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }, 120_000);

  it('every script that runs Node runs it through node_modules/.bin (npm puts it first)', () => {
    for (const [name, script] of Object.entries(pkg.scripts)) {
      // `npx`, or a path to a bin, would look for Node on the machine's PATH instead.
      expect(script, name).not.toMatch(/\bnpx\b|node_modules\/\.bin/);
    }
    const run = spawnSync('npm', ['exec', '--offline', '--', 'node', '--version'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: oldPath },
    });
    expect(run.stdout.trim()).toBe(`v${pinned}`);
  });

  it('npm install does not stop: nothing checks the Node at install time', () => {
    // The project's manifest and install-time scripts, without dependencies: nothing is fetched.
    const project = join(scratch, 'project');
    mkdirSync(join(project, 'scripts'), { recursive: true });
    for (const file of ['check-node.cjs', 'complete-install.cjs'])
      copyFileSync(join(root, 'scripts', file), join(project, 'scripts', file));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ ...pkg, dependencies: {}, devDependencies: {}, optionalDependencies: {} }),
    );
    const run = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, PATH: oldPath },
      timeout: 120_000,
    });
    expect(run.stderr).not.toMatch(/signwall needs Node/);
    expect(run.status).toBe(0);
  });
});

describe('the install completes itself (scripts/complete-install.cjs)', () => {
  /**
   * A project whose lockfile has one package for this platform that is not installed, with
   * `engines` of Node 20.19 or newer, and a stand-in npm (npm_execpath) that records how it was run.
   */
  function project(): { dir: string; ran: () => string[] | undefined } {
    const dir = mkdtempSync(join(scratch, 'complete-'));
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(
      join(root, 'scripts', 'complete-install.cjs'),
      join(dir, 'scripts', 'complete-install.cjs'),
    );
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ optionalDependencies: pkg.optionalDependencies }),
    );
    writeFileSync(
      join(dir, 'package-lock.json'),
      JSON.stringify({
        lockfileVersion: 3,
        packages: {
          '': {},
          'node_modules/@bundler/binding-here': {
            optional: true,
            os: [process.platform],
            cpu: [process.arch],
            engines: { node: '^20.19.0 || >=22.12.0' },
          },
          'node_modules/@bundler/binding-elsewhere': {
            optional: true,
            os: ['aix'],
            engines: { node: '>=24' },
          },
        },
      }),
    );
    mkdirSync(join(dir, 'npm', 'bin'), { recursive: true });
    mkdirSync(join(dir, 'npm', 'node_modules'));
    symlinkSync(join(root, 'node_modules', 'semver'), join(dir, 'npm', 'node_modules', 'semver'));
    writeFileSync(
      join(dir, 'npm', 'bin', 'npm-cli.js'),
      `require('fs').writeFileSync(${JSON.stringify(join(dir, 'ran.json'))}, JSON.stringify(process.argv.slice(2)));`,
    );
    return {
      dir,
      ran: () => {
        try {
          return JSON.parse(readFileSync(join(dir, 'ran.json'), 'utf8')) as string[];
        } catch {
          return undefined;
        }
      },
    };
  }

  function complete(dir: string, npmNode: string) {
    return spawnSync(pinnedNode, ['scripts/complete-install.cjs'], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        npm_execpath: join(dir, 'npm', 'bin', 'npm-cli.js'),
        npm_config_user_agent: `npm/10.9.9 node/v${npmNode} ${process.platform} ${process.arch}`,
      },
    });
  }

  it('after npm on Node 18, installs what npm left out for its engines, with npm on the pinned Node', () => {
    const { dir, ran } = project();
    const run = complete(dir, '18.20.8');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      `npm on Node 18.20.8 left out @bundler/binding-here (their engines need a newer Node); ` +
        `adding them with npm on Node ${pinned}`,
    );
    expect(ran()).toEqual(['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund']);
  });

  it('after npm on Node 20, which left nothing out, does nothing', () => {
    const { dir, ran } = project();
    const run = complete(dir, '20.20.2');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(ran()).toBeUndefined();
  });
});

describe('one pinned version', () => {
  it('is exact, new enough, and the one .nvmrc and CI follow; engines take the Node a system ships', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const [major, minor] = pinned.split('.').map(Number) as [number, number];
    expect(major > needMajor || (major === needMajor && minor >= needMinor)).toBe(true);
    expect(readFileSync(join(root, '.nvmrc'), 'utf8').trim()).toBe(String(major));
    const ci = readFileSync(join(root, '.ci', 'run'), 'utf8');
    expect(ci).not.toContain(pinned);
    expect(ci).not.toMatch(/node-linux|nodejs\.org/);
    expect(pkg.engines.node).toBe('>=18');
    expect(versionOf(pinnedNode)).toEqual([major, minor]);
  });

  it('the check passes silently on the pinned Node', () => {
    const run = spawnSync(pinnedNode, ['scripts/check-node.cjs'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr + run.stdout).toBe('');
  });
});
