import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

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

// Each worker shares one server, emptied before every test (tests/e2e/support/fixtures.ts); the
// tests run against the production build, so `npm run build` runs before `npm run test:e2e`.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  // A flaky test is fixed, not retried.
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: process.env.SCREENSHOTS
    ? [
        // `SCREENSHOTS=1 npx playwright test` refreshes docs/screenshots/ and runs nothing else.
        { name: 'docs', testMatch: /screenshots\.docs\.ts$/, use: { launchOptions } },
      ]
    : [
        {
          // Mouse tests: every *.spec.ts but the touch ones.
          name: 'desktop',
          testIgnore: /\.touch\.spec\.ts$/,
          use: {
            ...devices['Desktop Chrome'],
            viewport: { width: 1280, height: 800 },
            launchOptions,
          },
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
});
