// Runs the server's real entry (src/main.ts) from source in its own process, for tests that must stop
// it with a signal. It goes through Vite, which the test suite already runs on (Vitest): the same
// transform and the same `source` export condition as vitest.config.ts, so the code under test is the
// code the rest of the suite tests, with no build and no other TypeScript loader to depend on.
// Middleware mode: no dev server, no file watcher, and no SIGTERM handler of Vite's own (main.ts's stops
// the server).
import path from 'node:path';
import { createServer } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');
const vite = await createServer({
  configFile: false,
  root,
  logLevel: 'error',
  appType: 'custom',
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  server: { middlewareMode: true, hmr: false, watch: null, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});
await vite.ssrLoadModule('/src/main.ts');
