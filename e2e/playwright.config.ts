import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './chromium-args.mjs';

/** Chromium's flags for both builds (chromium-args.mjs), and video plays without a click. */
const args = [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'];

/**
 * The specs that check what the full browser does around the page (docs/decisions/0062): the public feed's
 * (a visitor is asked for notification permission; the shell denies it) and the keyboard-only pass (Tab
 * past the page's end goes through the browser's toolbar and back to the page's start; in the shell it
 * stays among the page's last elements).
 */
const fullBrowserSpecs = /[/\\](feed|keyboard-only)\.spec\.ts$/;

/**
 * The browser suite: Debian's Chromium driven by Playwright, against the built server started by the
 * fixtures (one server per worker, on a random port, with its own temporary data folder). The back office
 * runs in Chromium's headless shell (Debian's `chromium-headless-shell`: the same Chromium, without the
 * browser's own windows): the full browser makes an omnibox popup page and its renderers for every new
 * context, and the suite took 923 s of CPU in it against 649 s in the shell (0062).
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
  },
  projects: [
    {
      name: 'shell',
      testIgnore: fullBrowserSpecs,
      use: {
        launchOptions: {
          executablePath: process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
          args,
        },
      },
    },
    {
      name: 'browser',
      testMatch: fullBrowserSpecs,
      use: { launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args } },
    },
  ],
});
