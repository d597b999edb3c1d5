import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { createRequire } from 'node:module';
import path from 'node:path';
import { resolve } from './vite.config.ts';

// Vitest loads packages as Node does, which takes tus-js-client's Node build (it sends Node streams,
// not a page's File): the tests use its browser build, as the app's bundle does (its `browser` field).
const tusBrowser = path.join(
  path.dirname(createRequire(import.meta.url).resolve('tus-js-client/package.json')),
  'lib.esm/browser/index.js',
);

export default defineConfig({
  plugins: [react()],
  resolve: { ...resolve, alias: { ...resolve.alias, 'tus-js-client': tusBrowser } },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Worker threads cost less than a forked process per jsdom file: -9 % CPU on 22 files
    // (docs/decisions/0024-test-speed.md).
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // jsdom screens with many user-event steps can take seconds on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
