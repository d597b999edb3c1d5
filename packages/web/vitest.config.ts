import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { createRequire } from 'node:module';
import path from 'node:path';
import { resolve } from './vite.config.ts';

// Vitest loads packages as Node does, which takes tus-js-client's Node build (it sends Node streams,
// not a page's File): the tests use its browser build, as the app's bundle does (its `browser` field).
const tusBrowser = path.join(
  path.dirname(createRequire(import.meta.url).resolve('tus-js-client/package.json')),
  'lib.esm/browser/index.js',
);

/**
 * The test files that replace a module with `vi.mock`: they run isolated (vitest.mocked.config.ts). None
 * does now: a spy on the export (`vi.spyOn(namespace, 'name')`; Vitest's module namespaces take one and
 * the callers read it at each call) observes the same in the shared pool, without each file importing
 * the app again in a worker of its own (0024).
 */
export const MOCKED = 'src/**/*.mocked.test.{ts,tsx}';

/** A project of the web package's tests: jsdom, the app's own module resolution and test setup. */
export function webProject(test: { name: string; include: string[]; exclude?: string[]; isolate: boolean }) {
  return defineConfig({
    plugins: [react()],
    resolve: { ...resolve, alias: { ...resolve.alias, 'tus-js-client': tusBrowser } },
    test: {
      environment: 'jsdom',
      // Worker threads cost less than a forked process per jsdom file: -9 % CPU on 22 files
      // (docs/decisions/0024-test-speed.md).
      pool: 'threads',
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      // jsdom screens with many user-event steps can take seconds on a busy 2-core machine.
      testTimeout: 20_000,
      ...test,
    },
  });
}

// A worker's files share their modules (React, the router, the screens) instead of importing them again
// for each file, and one jsdom window, which Vitest sets up when the worker starts (the setup file empties
// the document, storage and toasts after every test; Vitest's `environment` figure counts that one set-up
// again for each file the worker runs, 0024). A quarter of the files (32), one run each at load 9:
// 40 s of CPU (user + sys) against 84 s isolated (docs/decisions/0024-test-speed.md). A file that mocks a
// module must import it fresh, so those are named *.mocked.test.* and run isolated; eslint keeps
// `vi.mock` out of the others.
export default webProject({
  name: 'web',
  include: ['src/**/*.test.{ts,tsx}'],
  exclude: [...configDefaults.exclude, MOCKED],
  isolate: false,
});
