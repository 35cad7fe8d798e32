/**
 * Starts the real server (`server/main.ts`, serving the built `dist/`) as a child process on a
 * free port, on a temporary DATA_DIR copied from an already migrated, empty database, and stops it
 * again (removing the directory).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyMigratedPgliteData } from '../../support/pglite-template.ts';
import { spawnServer } from '../../support/server-process.ts';

export interface TestServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const parent = mkdtempSync(join(tmpdir(), 'signwall-e2e-'));
  const dataDir = join(parent, 'data');
  const cleanup = () => rmSync(parent, { recursive: true, force: true });
  try {
    await copyMigratedPgliteData(dataDir);
    // DATABASE_URL would win over DATA_DIR: one left in the shell must never point the tests (whose
    // shared server is emptied before every test) at a real database.
    // MAX_CONNECTIONS_PER_ADDRESS: every browser of a worker and the test runner's own requests
    // come from 127.0.0.1, and a browser keeps a closed context's sockets open until the server's
    // 30 s keep-alive ends; fast tests in Firefox passed 64 of them, and its modules were answered
    // 503 (text/plain, so blocked). The cap's own tests are in tests/api (crowd, flood).
    // READ_SNAPSHOT_AFTER_MS: a read always waits for fresh rows. A test opens a page right after
    // writing its wall, through a server the previous test read the same view from; on a busy
    // machine the fresh read can take over the default 500 ms, and the read cache's snapshot (the
    // previous test's wall) would answer. Visitors get that trade; a test needs its own
    // wall. What the snapshot does is tested in server/api/cached-read.test.ts and the attacks.
    const server = await spawnServer({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      MAX_CONNECTIONS_PER_ADDRESS: '1024',
      READ_SNAPSHOT_AFTER_MS: '60000',
      ...env,
    });
    return {
      url: server.url,
      dataDir,
      process: server.child,
      async stop() {
        await server.stop();
        cleanup();
      },
    };
  } catch (error) {
    cleanup();
    throw error;
  }
}
