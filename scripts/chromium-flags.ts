/**
 * The flags every Chromium we start gets: the tests' (playwright.config.ts), the bench's and
 * Lighthouse's (bench/browser/session.ts). No sandbox (containers, root), no GPU (none here), and
 * none of the browser's own background traffic, which would otherwise share the measured network.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
