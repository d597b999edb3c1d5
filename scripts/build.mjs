#!/usr/bin/env node
// `npm run build`: the contract and then the server (whose build reads the contract's types), beside the
// web app, whose build reads the contract's source, not its build (packages/web/vite.config.ts). One after
// the other, each tsc kept one core busy while the other waited; side by side the build took 22-24 s
// against 30-31 s on this 2-core machine, for the same output (docs/decisions/0087).
import { spawn } from 'node:child_process';

// A workspace's build that could not start (no `npm` on the PATH) fails as one that exited non-zero,
// rather than leaving the build waiting for an exit that never comes.
const build = (workspace) =>
  new Promise((resolve) =>
    spawn('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' })
      .on('exit', (code) => resolve(code === 0))
      .on('error', (error) => {
        console.error(`${workspace}: ${error.message}`);
        resolve(false);
      }),
  );

const [server, web] = await Promise.all([
  build('@streamdesk/contract').then((ok) => ok && build('@streamdesk/server')),
  build('@streamdesk/web'),
]);
process.exit(server && web ? 0 : 1);
