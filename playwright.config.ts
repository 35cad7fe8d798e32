import { existsSync } from 'node:fs';
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/chromium-flags.ts';

// Debian's Chromium where it is installed (Playwright's own browser download is not reachable on
// our machines); Playwright's bundled browser anywhere else. Its headless shell first, as Playwright
// itself runs headless tests: the same Blink and V8 without the desktop browser around them, it ran
// the Chromium suite with 38 % less CPU than the full browser (the renderer's half of it), which on
// 2 cores is the suite's time. The bench keeps the full browser: it measures what visitors run.
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

const launchOptions = {
  ...(chromiumPath ? { executablePath: chromiumPath } : {}),
  args: CHROMIUM_FLAGS,
};

// Firefox: Playwright's `moz-firefox` channel drives an installed Firefox over WebDriver BiDi (its
// own patched Firefox cannot be downloaded here either). Debian's Firefox ESR (`/usr/bin/firefox-esr`,
// or FIREFOX_PATH) is started through a small adapter for the two places where Playwright expects more
// of BiDi than this Firefox has (tests/e2e/support/firefox-esr-bidi.ts says which). Without Firefox
// the Firefox project is left out, so a checkout without it still runs the Chromium suite.
const firefoxPath =
  process.env.FIREFOX_PATH ??
  (existsSync('/usr/bin/firefox-esr') ? '/usr/bin/firefox-esr' : undefined);
const firefoxLaunchOptions = {
  channel: 'moz-firefox',
  executablePath: fileURLToPath(new URL('tests/e2e/support/firefox-esr-bidi.ts', import.meta.url)),
  // The adapter is TypeScript run by `node` from PATH: the runner's own Node (22.18+) comes first.
  env: {
    ...process.env,
    PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
    FIREFOX_PATH: firefoxPath ?? '',
  },
  // navigator.clipboard.readText() without the paste prompt (Chromium's is a granted permission).
  firefoxUserPrefs: { 'dom.events.testing.asyncClipboard': true },
};

/**
 * The specs Firefox runs too: the board's drawing, captions, pan, zoom, export, navigation and the
 * welcome card, with the mouse. Touch specs drive touch through the DevTools protocol (Chromium
 * only, see tests/e2e/support/board.ts); load, live, moderation, limits, tiles and a11y check what
 * does not depend on the engine (the data API, timers, the tile cache, ARIA) and stay Chromium-only
 * to keep `npm test` short.
 */
const FIREFOX_SPECS =
  /\/(draw|caption|caption-width|pan|zoom|export|navigate|welcome|wall-worker|live-push|replay)\.spec\.ts$/;
/**
 * Tests in those specs that check what the engine does not decide either (how the app answers the
 * data API, what React renders, the free-spot search, the hash's parsing) carry this tag and run
 * in Chromium only.
 */
const ANY_ENGINE = /@any-engine/;

// WebKit: WebKitGTK's WebKitWebDriver (Debian's webkit2gtk-driver) under Xvfb, driven by the smoke
// test itself over W3C WebDriver (tests/e2e/webkit.smoke.ts); Playwright does not drive this WebKit.
const webkitDriverPath =
  process.env.WEBKIT_WEBDRIVER_PATH ??
  (existsSync('/usr/bin/WebKitWebDriver') ? '/usr/bin/WebKitWebDriver' : undefined);
const hasXvfb = existsSync('/usr/bin/Xvfb');

// CI installs every browser (.ci/run): there a missing one is an error, not a shorter suite.
if (process.env.CI && !(firefoxPath && webkitDriverPath && hasXvfb)) {
  throw new Error(
    'CI runs Firefox and WebKit too: install firefox-esr, webkit2gtk-driver and xvfb',
  );
}

// Each worker shares one server, emptied before every test (tests/e2e/support/fixtures.ts); the
// tests run against the production build, so `npm run build` runs before `npm run test:e2e`.
export default defineConfig({
  testDir: 'tests/e2e',
  // Test by test, not file by file: a worker that finishes its files early takes tests from the
  // other's long file instead of idling while it ends.
  fullyParallel: true,
  // Two workers on CI too (its machines have 2 cores, as ours do): each has its own server and
  // browser, and the tests move page time instead of waiting, so a busy core slows them without
  // changing what they see. One worker took CI ~11 minutes.
  workers: 2,
  // A flaky test is fixed, not retried.
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    // No trace by default: recording one (a screenshot per frame, DOM snapshots) took a quarter of
    // the browsers' CPU, and CI's runs only keep what they print. To record one for a failure:
    // `npx playwright test --trace retain-on-failure`. A failed board test prints its last
    // pointer events instead (tests/e2e/support/board.ts).
    trace: 'off',
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
        ...(firefoxPath
          ? [
              {
                name: 'firefox',
                testMatch: FIREFOX_SPECS,
                grepInvert: ANY_ENGINE,
                // Firefox's own user agent (devices['Desktop Firefox'] would claim a newer one).
                use: {
                  browserName: 'firefox' as const,
                  viewport: { width: 1280, height: 800 },
                  deviceScaleFactor: 1,
                  hasTouch: false,
                  launchOptions: firefoxLaunchOptions,
                },
              },
            ]
          : []),
        ...(webkitDriverPath && hasXvfb
          ? [{ name: 'webkit', testMatch: /webkit\.smoke\.ts$/ }]
          : []),
      ],
});
