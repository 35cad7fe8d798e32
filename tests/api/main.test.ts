/**
 * `server/main.ts` as a process, the way `npm start` runs it: environment, the printed address,
 * the request log, and a clean shutdown on SIGTERM/SIGINT after which the data directory opens again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function run(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /signwall listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('server/main.ts', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'signwall-main-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // The first start creates DATA_DIR and runs PGlite's initdb: seconds, tens on a loaded machine.
  it(
    'starts on DATA_DIR, logs requests, stops on SIGTERM and reopens the same data',
    { timeout: 120_000 },
    async () => {
      const env = {
        DATA_DIR: join(dir, 'nested', 'data'),
        ANON_KEY: 'k1',
        DIST_DIR: join(dir, 'no-dist'),
      };
      const first = await run(env);
      expect(first.output()).toContain('applied migrations: 20261122000000');
      const res = await fetch(`${first.url}/rest/v1/signatures`, {
        method: 'POST',
        headers: { apikey: 'k1', 'Content-Type': 'application/json' },
        body: JSON.stringify({ signature: '[[[1,2],[3,4]]]', caption: 'kept' }),
      });
      expect(res.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(first.output()).toMatch(/POST \/rest\/v1\/signatures 201 \d+(\.\d+)?ms/);
      const stopped = exitCode(first.child);
      first.child.kill('SIGTERM');
      expect(await stopped).toBe(0);

      const second = await run({ ...env, LOG_REQUESTS: '0' });
      try {
        expect(second.output()).not.toContain('applied migrations');
        const rows = await fetch(`${second.url}/rest/v1/signatures?select=caption`, {
          headers: { apikey: 'k1' },
        });
        expect(await rows.json()).toEqual([{ caption: 'kept' }]);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(second.output()).not.toContain('GET /rest');
      } finally {
        const stopped2 = exitCode(second.child);
        second.child.kill('SIGINT');
        expect(await stopped2).toBe(0);
      }
    },
  );
});
