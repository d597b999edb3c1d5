import { defineConfig } from '@playwright/test';

/**
 * The browser suite: Debian's Chromium driven by Playwright, against the built server started by the
 * fixtures (one server per worker, on a random port, with its own temporary data folder).
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Three: a browser test waits on its page and server more than it computes. Alone on this 2-core
  // machine, 186 tests: 491 s wall with three workers, the cores 87 % busy; `npm test` with three beside
  // Vitest 680 s, all passed (docs/decisions/0024-test-speed.md).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 3,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: '../.tmp/test-results',
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    // A trace is recorded on the retry of a failed test only (CI retries once). Recording every test's
    // trace to keep the failed ones cost 43 % more CPU on controller + feed (19 tests, one worker:
    // user+sys 48.1 s against 33.6 s without, two runs each; docs/decisions/0024-test-speed.md).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
});
