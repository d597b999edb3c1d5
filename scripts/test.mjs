#!/usr/bin/env node
// `npm test`: every test. Unit and server integration (Vitest), then the browser suite in Debian's
// Chromium against the freshly built product. Nothing is skipped silently: a missing browser is
// installed (as root) or stops the run with instructions.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const e2eOnly = process.argv.includes('--e2e-only');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(label, command, args, env = {}) {
  console.log(`\n== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `== ${label}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return result.status === 0;
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is not installed at ${chromium}; the browser tests need it.\n` +
        'Install it with: sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium\n' +
        '(or set CHROMIUM_PATH to a Chromium binary).',
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing Debian chromium with apt-get...');
  const ok =
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!ok || !existsSync(chromium)) {
    console.error(
      'Installing chromium failed; install it by hand: apt-get install -y --no-install-recommends chromium',
    );
    process.exit(1);
  }
}

const results = [];
if (!e2eOnly) results.push(['unit and integration', run('unit and integration', 'npx', ['vitest', 'run'])]);
ensureChromium();
const built = run('build', 'npm', ['run', 'build']);
results.push(['build', built]);
if (built) results.push(['browser', run('browser', 'npx', ['playwright', 'test', '-c', 'e2e'])]);

const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
console.log(`\n${failed.length ? `FAILED: ${failed.join(', ')}` : 'All test suites passed'}`);
process.exit(failed.length ? 1 : 0);
