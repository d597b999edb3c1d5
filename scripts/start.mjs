#!/usr/bin/env node
// `npm start`: builds whatever is not built yet, then runs the server (API, admin SPA, public site).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { needsBuild } from './build-state.mjs';
import { endOfLifeWarning } from './node-support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const unsupported = endOfLifeWarning();
if (unsupported) console.warn(`\n${unsupported}\n`);

if (needsBuild(root)) {
  console.log('Building Streamdesk (first start or changed sources)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
