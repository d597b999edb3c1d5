import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/listed-folders.ts'],
    // A worker's files share their modules instead of importing the app again for each of the 139 files:
    // server and contract on SQLite, two workers, 163 s of CPU (user + sys) against 390 s isolated
    // (docs/decisions/0024-test-speed.md). Every file builds its own app, database and data folder, so
    // what they share is code; a helper that numbers things counts across files (test/people.ts).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
