#!/usr/bin/env node
// `npm test`: every test. Unit and server integration (Vitest), then the browser suite in Debian's
// Chromium against the freshly built product. Nothing is skipped silently: a missing browser or ffmpeg
// is installed (as root) or stops the run with instructions.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
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

/**
 * `run`, in the background with its output held in a file (a pipe would fill while the tests hold this
 * process): printed, with the outcome, when `finish()` is awaited. For the build, which needs no test's
 * output and so overlaps the Vitest run.
 */
function runBehind(label, command, args) {
  const started = Date.now();
  const log = path.join(os.tmpdir(), `streamdesk-${label}-${process.pid}.log`);
  const fd = openSync(log, 'w');
  // Niced: the tests beside it get the cores first, and the build takes what they leave.
  const child = spawn('nice', ['-n', '10', command, ...args], { cwd: root, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const status = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return async function finish() {
    const code = await status;
    console.log(`\n== ${label}: ${command} ${args.join(' ')} (ran beside the tests above)`);
    process.stdout.write(readFileSync(log));
    rmSync(log, { force: true });
    console.log(
      `== ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    return code === 0;
  };
}

const onPath = (name) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, name)));

/** Debian packages the tests need and this machine lacks: Chromium (browser suite), ffmpeg (media). */
function missingPackages() {
  const missing = [];
  if (!existsSync(chromium)) missing.push('chromium');
  if (!(process.env.FFMPEG_PATH || onPath('ffmpeg')) || !(process.env.FFPROBE_PATH || onPath('ffprobe')))
    missing.push('ffmpeg');
  return missing;
}

function ensureSystemPackages() {
  const missing = missingPackages();
  if (!missing.length) return;
  const command = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `The tests need ${missing.join(' and ')}, not installed here.\n` +
        `Install with: sudo apt-get update && sudo ${command}\n` +
        '(or set CHROMIUM_PATH, FFMPEG_PATH and FFPROBE_PATH to the binaries).',
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' and ')} with apt-get...`);
  const ok =
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' }).status === 0 &&
    spawnSync('apt-get', command.split(' ').slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!ok || missingPackages().length) {
    console.error(`Installing failed; install by hand: ${command}`);
    process.exit(1);
  }
}

ensureSystemPackages();
const results = [];
// The build (about 20 s of CPU) goes on while Vitest runs: no test reads dist/.
const build = runBehind('build', 'npm', ['run', 'build']);
// On CI a failed test runs once more, as the browser suite's do (e2e/playwright.config.ts); one that passes
// then is listed as such at the end, with every failure (scripts/vitest-outcomes.ts).
const outcomes = path.join(os.tmpdir(), `streamdesk-vitest-outcomes-${process.pid}.txt`);
if (!e2eOnly)
  results.push([
    'unit and integration',
    run('unit and integration', 'npx', ['vitest', 'run', ...(process.env.CI ? ['--retry=1'] : [])], {
      VITEST_OUTCOMES_FILE: outcomes,
    }),
  ]);
const built = await build();
results.push(['build', built]);
if (built) results.push(['browser', run('browser', 'npx', ['playwright', 'test', '-c', 'e2e'])]);

if (existsSync(outcomes)) {
  console.log('\n== unit and integration, once more:');
  process.stdout.write(readFileSync(outcomes));
  rmSync(outcomes, { force: true });
}
const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
console.log(`\n${failed.length ? `FAILED: ${failed.join(', ')}` : 'All test suites passed'}`);
process.exit(failed.length ? 1 : 0);
