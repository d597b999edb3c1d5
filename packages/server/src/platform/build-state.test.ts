import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/** `npm start`'s check (scripts/build-state.mjs), on a made-up checkout whose file times it sets. */
const script = path.resolve(import.meta.dirname, '../../../../scripts/build-state.mjs');
const { needsBuild } = (await import(pathToFileURL(script).href)) as {
  needsBuild: (root: string) => boolean;
};

const OUTPUTS = [
  'packages/contract/dist/http.js',
  'packages/server/dist/main.js',
  'packages/web/dist/index.html',
];
let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);
function file(relative: string, seconds: number) {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '');
  utimesSync(full, at(seconds), at(seconds));
}
const dirTime = (relative: string, seconds: number) =>
  utimesSync(path.join(root, relative), at(seconds), at(seconds));
/** Every folder as if made long ago: made here, they carry the time of the test. */
function oldFolders(dir = root) {
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) oldFolders(path.join(dir, entry.name));
  utimesSync(dir, at(0), at(0));
}

describe('npm start builds only what is out of date', () => {
  it('builds when an output is missing, or a source is newer than the build', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sd-build-state-'));
    file('packages/server/src/main.ts', 10);
    expect(needsBuild(root)).toBe(true);
    for (const out of OUTPUTS) file(out, 20);
    oldFolders();
    expect(needsBuild(root)).toBe(false);
    file('packages/web/src/app.tsx', 30);
    expect(needsBuild(root)).toBe(true);
  });

  it('does not build again after a rebuild that rewrote the files of an old folder', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sd-build-state-'));
    file('packages/contract/src/http.ts', 50);
    // A rebuild at 60 rewrote every output; the contract's dist folder keeps its first build's time.
    for (const out of OUTPUTS) file(out, 60);
    oldFolders();
    dirTime('packages/contract/dist', 5);
    expect(needsBuild(root)).toBe(false);
  });
});
