/**
 * The real server (`server/main.ts` under Node's own type stripping) as a child process on a free loopback port, for the
 * e2e fixture, the durability test and the benchmark. One process, no wrapper such as npx, so a
 * SIGKILL hits the server itself. Resolves once it prints the address it listens on.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  /** e.g. `http://127.0.0.1:40123`, no trailing slash. */
  url: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Settles when the process exits (after a kill, say). */
  exited: Promise<number | null>;
  /** SIGTERM (SIGKILL after 10 s), then waits for the exit. */
  stop(): Promise<void>;
}

/** Starts the server with PORT=0, HOST=127.0.0.1, LOG_REQUESTS=0, and `env` on top. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      // Generous: the migrations run on a fresh database, and a 2-core machine may be busy.
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!.replace(/\/$/, ''));
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });
    return { url, child, output: () => output, exited, stop };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/**
 * Runs the server expecting it to refuse to start: its exit code and everything it printed. A server
 * that starts instead is killed, so the caller's assertions fail rather than hang.
 */
export function startRefused(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve({ code, output }));
    child.stdout.on('data', () => {
      if (/listening on/.test(output)) child.kill('SIGKILL');
    });
  });
}
