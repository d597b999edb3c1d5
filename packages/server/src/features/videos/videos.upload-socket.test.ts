import { readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { videoRoutes } from '@streamdesk/contract/videos';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { mp4 } from '../../test/media-fixtures.js';
import {
  connect,
  fieldPart,
  fileHead,
  formEnd,
  partEnd,
  postHead,
  type RawClient,
} from '../../test/raw-upload.js';
import { storedFiles } from '../../test/stored-files.js';

/**
 * A library upload sent over a real socket in pieces, at the test's pace: what the server does with a
 * body still on its way (app.inject() hands it over whole), and with a client that leaves half-way.
 */
let t: TestApp;
let port: number;
let category: string;

beforeAll(async () => {
  t = await createTestApp();
  category = await storedId(t, addCall.category());
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

// A test that fails mid-upload must not leave its connection open (the server would wait for it on close).
const clients: RawClient[] = [];
afterEach(() => clients.splice(0).forEach((client) => client.destroy()));
const open = async () => {
  const client = await connect(port);
  clients.push(client);
  return client;
};

const PIECE = 32 * 1024;
/** Bytes the parser may hold back at the end of a read, in case they start the next boundary. */
const HELD_BACK = 1024;
// 100 s of the test pattern: about 240 KB, seven pieces.
const longVideo = () => mp4(100);

/** The partial file (`.tmp/<id>.part`) of the upload in progress: its bytes so far. */
function partialFile(): Buffer | undefined {
  const parts = storedFiles(t, '.tmp').filter((name) => name.endsWith('.part'));
  expect(parts.length).toBeLessThanOrEqual(1);
  return parts[0] ? readFileSync(path.join(t.config.dataDir, 'media', '.tmp', parts[0])) : undefined;
}

/** Waits until the partial file holds the first `sent` bytes of `video` (all but what the parser holds back). */
async function expectOnDisk(video: Buffer, sent: number): Promise<Buffer> {
  return vi.waitFor(() => {
    const onDisk = partialFile();
    expect(onDisk?.length ?? 0).toBeGreaterThanOrEqual(sent - HELD_BACK);
    expect(onDisk!.equals(video.subarray(0, onDisk!.length))).toBe(true);
    return onDisk!;
  });
}

const libraryRows = async () =>
  (
    await t.json<{ totalRecord: number }>(
      await t.request({ method: 'GET', url: `/api/App/video/category/admin/${category}` }),
    )
  ).totalRecord;

describe('a library upload over a real socket', () => {
  it('is written to disk as its bytes arrive, not held in memory until the request ends', async () => {
    const video = longVideo();
    const start = Buffer.concat([fieldPart('category', category), fileHead('video', 'long.mp4')]);
    const body = [start, video, partEnd, formEnd];
    const client = await open();
    await client.write(postHead(t, videoRoutes.upload.path, Buffer.concat(body).length));
    await client.write(start);

    // Piece by piece, each waited for on disk before the next is sent: the file grows with the request.
    let sent = 0;
    let onDiskBefore = 0;
    while (video.length - sent > PIECE) {
      await client.write(video.subarray(sent, sent + PIECE));
      sent += PIECE;
      const onDisk = await expectOnDisk(video, sent);
      expect(onDisk.length).toBeGreaterThan(onDiskBefore);
      onDiskBefore = onDisk.length;
      expect(client.reply()).toBe('');
    }
    expect(sent).toBeGreaterThanOrEqual(4 * PIECE);

    await client.write(Buffer.concat([video.subarray(sent), partEnd, formEnd]));
    const reply = await client.closed;
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    expect(reply).toContain('Videos uploaded successfully!');
    await t.app.streamdesk.context.media.idle();
    // The whole video moved into place, byte for byte; nothing left in the temporary folder.
    const stored = storedFiles(t, 'videos').filter((name) => name.endsWith('.mp4'));
    expect(stored).toHaveLength(1);
    const file = path.join(t.config.dataDir, 'media', 'videos', stored[0]!);
    expect(statSync(file).size).toBe(video.length);
    expect(readFileSync(file).equals(video)).toBe(true);
    expect(storedFiles(t, '.tmp')).toEqual([]);
    expect(await libraryRows()).toBe(1);
  });

  it('keeps nothing of a batch whose client goes away after one whole file and part of the next', async () => {
    const rows = await libraryRows();
    const files = storedFiles(t, 'videos');
    const second = longVideo();
    const body = [
      fieldPart('category', category),
      fileHead('video', 'whole.mp4'),
      mp4(1),
      partEnd,
      fileHead('video', 'cut.mp4'),
      second,
      partEnd,
      formEnd,
    ];
    const client = await open();
    await client.write(postHead(t, videoRoutes.upload.path, Buffer.concat(body).length));
    await client.write(Buffer.concat(body.slice(0, 5)));
    await client.write(second.subarray(0, 2 * PIECE));
    // The first file is whole and in its folder, the second on its way, when the client leaves.
    await vi.waitFor(() => expect(storedFiles(t, 'videos')).toHaveLength(files.length + 1));
    await expectOnDisk(second, 2 * PIECE);
    client.destroy();

    // No row without its file, no stored file without its row, no partial or temporary file.
    await vi.waitFor(() => {
      expect(storedFiles(t, '.tmp')).toEqual([]);
      expect(storedFiles(t, 'videos')).toEqual(files);
    });
    expect(await libraryRows()).toBe(rows);
  });
});
