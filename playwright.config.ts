import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// A fresh database for every run. The config is evaluated again in each worker, which inherits the
// environment of the main process, so the directory is chosen once.
process.env.SIGNWALL_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'signwall-e2e-'));
const port = Number(process.env.SIGNWALL_E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;

// Debian's chromium where it is installed (Playwright's own browser download is not reachable on
// our machines); Playwright's bundled browser anywhere else.
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const launchOptions = {
  ...(chromiumPath ? { executablePath: chromiumPath } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    {
      // Mouse tests: every *.spec.ts but the touch ones.
      name: 'desktop',
      testIgnore: /\.touch\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      // Touch tests on a phone-sized viewport at DPR 3: *.touch.spec.ts.
      name: 'phone',
      testMatch: /\.touch\.spec\.ts$/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: {
    // The tests run against the production build (`npm run build` runs before `npm run test:e2e`).
    command: 'tsx server/main.ts',
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.SIGNWALL_E2E_DATA_DIR,
      LOG_REQUESTS: '0',
    },
  },
});
