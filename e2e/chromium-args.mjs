/**
 * Chromium's flags wherever the project drives it (the browser suite, bench:web, the README's
 * screenshot): headless, no sandbox (root in a container), no GPU, and no network of its own (no QUIC,
 * updates, sync or background fetches), so that a run talks only to the server on loopback.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
