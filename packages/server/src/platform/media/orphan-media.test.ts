import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { mediaMismatches } from '../../test/bad-input.js';
import { PNG } from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const filesUnder = (root: string): string[] =>
  existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && !path.relative(root, e.parentPath).startsWith('.tmp'))
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort()
    : [];

describe('orphan media at start-up', () => {
  it('moves files no row names, older than the grace period, to orphans/ and keeps the rest', async () => {
    await storedId(t, addCall.shortcut());
    await storedId(t, addCall.category());
    await storedId(t, addCall.reel()); // a video and its thumbnail, made after the reply
    await t.app.streamdesk.context.media.idle();
    const mediaRoot = path.join(t.config.dataDir, 'media');
    const named = filesUnder(mediaRoot);
    expect(named.length).toBe(4);

    // What a crash between a file and its row leaves, in a feature's folder and elsewhere; one is young.
    const strays = ['shortcut-stories/0123456789abcdef01234567.png', 'stray/left.png'];
    for (const key of [...strays, 'stray/young.png']) {
      mkdirSync(path.dirname(path.join(mediaRoot, key)), { recursive: true });
      writeFileSync(path.join(mediaRoot, key), PNG);
    }
    // Every file but the young one untouched for two hours (the grace period is one).
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const key of filesUnder(mediaRoot).filter((k) => k !== 'stray/young.png'))
      utimesSync(path.join(mediaRoot, key), twoHoursAgo, twoHoursAgo);
    expect((await mediaMismatches(t)).filesWithoutRow).toEqual(
      [...strays, 'stray/young.png'].map((k) => `/media/${k}`).sort(),
    );

    // A start on the same data (another process, or the next one after the crash).
    const next = await buildApp(t.config, { logger: false });
    await next.close();

    expect(filesUnder(path.join(t.config.dataDir, 'orphans'))).toEqual([...strays].sort());
    expect(filesUnder(mediaRoot)).toEqual([...named, 'stray/young.png'].sort());
    expect(await mediaMismatches(t)).toEqual({
      filesWithoutRow: ['/media/stray/young.png'],
      rowsWithoutFile: [],
    });
  });
});
