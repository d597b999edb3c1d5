import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run covers the unit and integration projects; the browser suite runs separately (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/server',
      'packages/web',
      // The web tests that mock a module, isolated (packages/web/vitest.config.ts says why).
      'packages/web/vitest.mocked.config.ts',
    ],
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, where the other
    // core then idled once the build beside it was done (Vitest 378 s of a quiet `.ci/run`, its tests'
    // own times 241 s). Two use both (docs/decisions/0024-test-speed.md has the figures).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Failed and retried tests are listed again at the very end, where CI's record of a run can show them.
    reporters: ['default', './scripts/vitest-outcomes.ts'],
  },
});
