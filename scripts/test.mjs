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
// `npm run test:e2e -- feed controller`: what follows is Playwright's (spec file filters, --grep, ...).
const e2eArgs = e2eOnly ? process.argv.slice(2).filter((arg) => arg !== '--e2e-only') : [];
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The back office's specs run in Chromium's headless shell, the public feed's in the full browser (0062).
const chromiumShell = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * Starts a suite or the build in the background. `quiet`: its output is held in a file (a pipe would fill
 * while the process waits on it) and printed by `report()`, so two suites running at once do not mix
 * their lines; otherwise it writes to this terminal as it goes. `exited` resolves to its exit code;
 * `report()` prints the held output, if any, and the outcome, and resolves to whether it passed.
 */
function start(label, command, args, { env = {}, quiet = false } = {}) {
  const started = Date.now();
  const log = path.join(os.tmpdir(), `streamdesk-${label.replace(/\W+/g, '-')}-${process.pid}.log`);
  const fd = quiet ? openSync(log, 'w') : undefined;
  if (!quiet) console.log(`\n== ${label}: ${command} ${args.join(' ')}`);
  const stdio = quiet ? ['ignore', fd, fd] : 'inherit';
  const child = spawn(command, args, { cwd: root, stdio, env: { ...process.env, ...compileCache, ...env } });
  if (quiet) closeSync(fd); // the child has its own copy
  let ended;
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code))).then((code) => {
    ended = Date.now();
    return code;
  });
  async function report() {
    const code = await exited;
    if (quiet) {
      console.log(`\n== ${label}: ${command} ${args.join(' ')} (ran beside the one above)`);
      process.stdout.write(readFileSync(log));
      rmSync(log, { force: true });
    }
    console.log(
      `== ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${Math.round((ended - started) / 1000)} s`,
    );
    return code === 0;
  }
  return { exited, report };
}

/**
 * V8's compiled code kept on disk and shared by every Node process of the run (Node 22.1 and later; Node 20
 * ignores it): the browser suite starts about 35 servers and its workers, Vitest its own, each compiling
 * the same modules. A server's start took 1.07-1.14 s of CPU with it against 1.28-1.59 s without
 * (0024-test-speed.md). In the temporary folder, as Node's documentation advises: a stale entry is only
 * compiled again.
 */
const compileCache = { NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'streamdesk-node-compile-cache') };

const onPath = (name) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, name)));

/**
 * Debian packages the tests need and this machine lacks: Chromium and its headless shell (browser suite),
 * ffmpeg (media).
 */
function missingPackages() {
  const missing = [];
  if (!existsSync(chromium)) missing.push('chromium');
  if (!existsSync(chromiumShell)) missing.push('chromium-headless-shell');
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
        '(or set CHROMIUM_PATH, CHROMIUM_SHELL_PATH, FFMPEG_PATH and FFPROBE_PATH to the binaries).',
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
// The three run side by side, as each waits for something most of its time (0024-test-speed.md): the build
// (about 20 s of CPU) starts beside Vitest (no test reads dist/), and the browser suite, which waits on
// Chromium and its servers more than it computes, starts as soon as the build is done, beside the rest of
// Vitest. Vitest writes here as it goes; the build's and the browser suite's output follow it.
// On CI a failed test runs once more, as the browser suite's do (e2e/playwright.config.ts); one that passes
// then is listed as such at the end, with every failure (scripts/vitest-outcomes.ts).
const outcomes = path.join(os.tmpdir(), `streamdesk-vitest-outcomes-${process.pid}.txt`);
const build = start('build', 'npm', ['run', 'build'], { quiet: true });
const unit = e2eOnly
  ? undefined
  : start('unit and integration', 'npx', ['vitest', 'run', ...(process.env.CI ? ['--retry=1'] : [])], {
      env: { VITEST_OUTCOMES_FILE: outcomes },
    });
const browser =
  (await build.exited) === 0
    ? start('browser', 'npx', ['playwright', 'test', '-c', 'e2e', ...e2eArgs], { quiet: true })
    : undefined;
if (unit) results.push(['unit and integration', await unit.report()]);
results.push(['build', await build.report()]);
if (browser) results.push(['browser', await browser.report()]);

if (existsSync(outcomes)) {
  console.log('\n== unit and integration, once more:');
  process.stdout.write(readFileSync(outcomes));
  rmSync(outcomes, { force: true });
}
const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
console.log(`\n${failed.length ? `FAILED: ${failed.join(', ')}` : 'All test suites passed'}`);
process.exit(failed.length ? 1 : 0);
