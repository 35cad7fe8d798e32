/**
 * WebKitGTK for the WebKit smoke: a virtual X display (Xvfb) and WebKitWebDriver on it, which
 * opens WebKitGTK's MiniBrowser for each session. Debian's `xvfb` and `webkit2gtk-driver` (CI
 * installs them; `WEBKIT_WEBDRIVER_PATH` points elsewhere). The browser gets a home of its own, a
 * temporary folder removed at the end: its caches and its downloads stay out of the user's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export const WEBKIT_WEBDRIVER = process.env.WEBKIT_WEBDRIVER_PATH ?? '/usr/bin/WebKitWebDriver';

export interface WebKitDriver {
  /** e.g. http://127.0.0.1:40123, the WebDriver endpoint. */
  url: string;
  /** The folder the browser saves downloads in. */
  downloads: string;
  /** Everything the driver and its browser printed (for a failure's message). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts Xvfb on a free display and WebKitWebDriver on it, on a free loopback port. */
export async function startWebKitDriver(): Promise<WebKitDriver> {
  const home = mkdtempSync(join(tmpdir(), 'signwall-webkit-'));
  const downloads = join(home, 'downloads');
  mkdirSync(join(home, '.config'));
  mkdirSync(downloads);
  // GLib's "download" folder, which WebKitGTK saves to (without it: the home itself).
  writeFileSync(join(home, '.config', 'user-dirs.dirs'), `XDG_DOWNLOAD_DIR="${downloads}"\n`);
  let output = '';
  const collect = (stream: Readable | null) =>
    stream?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Xvfb picks a free display itself and writes its number to fd 3.
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  collect(xvfb.stderr);
  const processes: ChildProcess[] = [xvfb];
  const stop = async () => {
    for (const child of processes.reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      // The driver's browser processes share its process group (it is started detached).
      if (child.pid && child !== xvfb) process.kill(-child.pid, 'SIGTERM');
      else child.kill('SIGTERM');
      await once(child, 'exit');
    }
    rmSync(home, { recursive: true, force: true });
  };
  try {
    const display = await firstLine(xvfb.stdio[3] as Readable, 'Xvfb', () => output);
    const port = await freePort();
    const driver = spawn(WEBKIT_WEBDRIVER, [`--port=${port}`, '--host=local'], {
      env: {
        ...process.env,
        DISPLAY: `:${display}`,
        HOME: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        XDG_CACHE_HOME: join(home, '.cache'),
        XDG_DATA_HOME: join(home, '.local', 'share'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    processes.push(driver);
    collect(driver.stdout);
    collect(driver.stderr);
    const url = `http://127.0.0.1:${port}`;
    await waitForReady(url, driver, () => output);
    return { url, downloads, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function firstLine(stream: Readable, what: string, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
    stream.on('end', () => reject(new Error(`${what} did not start:\n${output()}`)));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Polls the driver's status until it accepts sessions (a second or so), or it exits. */
async function waitForReady(url: string, driver: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited:\n${output()}`);
    const ready = await fetch(`${url}/status`)
      .then(async (res) => ((await res.json()) as { value: { ready: boolean } }).value.ready)
      .catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer:\n${output()}`);
}
