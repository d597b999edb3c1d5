import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import { buildApp } from '../../app.js';
import { createTestApp, errorBody, localMedia, type TestApp } from '../../test/test-app.js';
import { addTestUploadRoute } from '../../test/upload-route.js';
import {
  BROKEN_MP4,
  cutShort,
  form,
  GIF,
  JPEG,
  mp4,
  ofSize,
  PNG,
  realImage,
} from '../../test/media-fixtures.js';
import { createLocalMediaStore } from './media-store.js';
import { brokenImageMessage, sniffMediaKind } from './sniff.js';
import {
  acceptVideo,
  makeThumbnail,
  probeVideo,
  startMediaTools,
  storedHeadProbe,
  streamProbe,
} from './video-tools.js';

let t: TestApp;
const mediaDir = () => path.join(t.config.dataDir, 'media');
const filesIn = (folder: string) => {
  try {
    return readdirSync(path.join(mediaDir(), folder));
  } catch {
    return [];
  }
};

beforeAll(async () => {
  t = await createTestApp();
  addTestUploadRoute(t.app, {
    path: '/api/test/upload',
    folder: 'test',
    videoMaxBytes: 200_000,
    maxCount: 3,
  });
});
afterAll(() => t.close());

const upload = (body: FormData, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/test/upload', payload: body, headers });

describe('sniffMediaKind', () => {
  it('decides from magic numbers', () => {
    expect(sniffMediaKind(PNG)).toBe('png');
    expect(sniffMediaKind(GIF)).toBe('gif');
    expect(sniffMediaKind(JPEG)).toBe('jpeg');
    expect(sniffMediaKind(mp4())).toBe('mp4');
    expect(sniffMediaKind(Buffer.from('<?php echo 1; ?>'))).toBeUndefined();
  });
});

describe('media upload pipeline', () => {
  it('stores a PNG under a server-chosen name and serves it with a long cache', async () => {
    const res = await upload(
      form({ title: 'x' }, [{ field: 'image', name: '../../../etc/passwd.png', data: PNG }]),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fields).toEqual({ title: 'x' });
    expect(body.image).toMatch(/^\/media\/test\/[0-9a-f]{24}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: body.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a JPEG renamed .png with the spec message and keeps nothing', async () => {
    const before = filesIn('test').length;
    const res = await upload(
      form({}, [{ field: 'image', name: 'photo.png', data: JPEG, type: 'image/png' }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(mediaMessages.gifPng));
    expect(filesIn('test').length).toBe(before);
    expect(filesIn('.tmp')).toEqual([]);
  });

  it('refuses a file one byte over the limit with 413 and leaves no partial file', async () => {
    const before = filesIn('test').length;
    const res = await upload(
      form({}, [{ field: 'image', name: 'big.png', data: ofSize(PNG, mediaLimits.image + 1) }]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(errorBody(mediaMessages.imageSize));
    expect(filesIn('test').length).toBe(before);
    expect(filesIn('.tmp')).toEqual([]);
    const exact = await upload(
      form({}, [{ field: 'image', name: 'ok.png', data: ofSize(PNG, mediaLimits.image) }]),
    );
    expect(exact.statusCode).toBe(200);
  });

  it('removes files already saved when a later part fails', async () => {
    const before = filesIn('test').length;
    const res = await upload(
      form({}, [
        { field: 'video', name: 'a.mp4', data: mp4() },
        { field: 'image', name: 'b.png', data: Buffer.from('not an image at all') },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(filesIn('test').length).toBe(before);
  });

  it('keeps the good files of a batch and names the bad ones when asked to', async () => {
    const res = await upload(
      form({}, [
        { field: 'video', name: 'good.mp4', data: mp4() },
        { field: 'video', name: 'fake.mp4', data: PNG },
        { field: 'video', name: 'huge.mp4', data: ofSize(mp4(), 200_001) },
      ]),
      { 'x-skip': '1' },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.videos).toHaveLength(1);
    expect(body.rejected).toEqual([
      { field: 'video', filename: 'fake.mp4', statusCode: 400, message: mediaMessages.video },
      { field: 'video', filename: 'huge.mp4', statusCode: 413, message: mediaMessages.videoSize },
    ]);
  });

  it('refuses an unexpected file field and a non-multipart body', async () => {
    const res = await upload(form({}, [{ field: 'other', name: 'x.png', data: PNG }]));
    expect(res.json()).toEqual(errorBody('Unexpected file field "other"'));
    const json = await t.request({ method: 'POST', url: '/api/test/upload', payload: { a: 1 } });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('serves video with Range support', async () => {
    const res = await upload(form({}, [{ field: 'video', name: 'v.mp4', data: mp4() }]));
    const url = res.json().videos[0];
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers['content-type']).toBe('video/mp4');
  });
});

describe('images are checked whole', () => {
  const store = () => t.app.streamdesk.context.media;
  const rule = {
    kinds: ['png', 'gif', 'jpeg'] as const,
    maxBytes: mediaLimits.image,
    typeMessage: mediaMessages.image,
    sizeMessage: mediaMessages.imageSize,
  };
  /** Saves the bytes as they would stream in: in small chunks, so the type is known before the end. */
  const save = (bytes: Buffer) =>
    store().save(
      Readable.from(
        Array.from({ length: Math.ceil(bytes.length / 100) }, (_, i) =>
          bytes.subarray(i * 100, i * 100 + 100),
        ),
      ),
      'whole',
      rule,
    );

  it('stores a whole PNG, GIF and JPEG, and one with bytes after its end marker', async () => {
    for (const kind of ['png', 'gif', 'jpeg'] as const) {
      const saved = await save(realImage(kind));
      expect(saved).toMatchObject({ kind, size: realImage(kind).length });
      expect((await save(ofSize(realImage(kind), realImage(kind).length + 300))).kind).toBe(kind);
    }
  });

  it('refuses an image cut off anywhere, the signature alone too, keeping no file', async () => {
    const before = filesIn('whole').length;
    const cut = brokenImageMessage('truncated', mediaMessages.image);
    for (const kind of ['png', 'gif', 'jpeg'] as const) {
      for (const { cut: where, data } of [
        ...cutShort(kind),
        { cut: '300 bytes', data: realImage(kind).subarray(0, 300) },
      ]) {
        const refused = await save(data).catch((error: unknown) => error);
        expect([kind, where, refused]).toEqual([
          kind,
          where,
          expect.objectContaining({ statusCode: 400, message: cut }),
        ]);
      }
    }
    const damaged = Buffer.from(realImage('png'));
    damaged[damaged.indexOf('IDAT') + 40]! ^= 0xff;
    await expect(save(damaged)).rejects.toMatchObject({
      statusCode: 400,
      message: brokenImageMessage('corrupt', mediaMessages.image),
    });
    expect(filesIn('whole').length).toBe(before);
    expect(filesIn('.tmp')).toEqual([]);
  });
});

describe('video tools', () => {
  it('reads the duration and makes a thumbnail of a real MP4', async () => {
    const res = await upload(form({}, [{ field: 'video', name: 'v.mp4', data: mp4(2) }]));
    const key = (res.json().videos[0] as string).replace('/media/', '');
    const file = localMedia(t).pathOf(key);
    const info = await probeVideo(file);
    expect(info.durationSeconds).toBeGreaterThan(1.5);
    const thumb = localMedia(t).adopt('test', 'jpg');
    await makeThumbnail(file, thumb.path, info.durationSeconds);
    const served = await t.app.inject({ method: 'GET', url: thumb.url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(sniffMediaKind(served.rawPayload)).toBe('jpeg');
  });

  it('refuses a file ffprobe cannot read', async () => {
    const res = await upload(form({}, [{ field: 'video', name: 'broken.mp4', data: BROKEN_MP4 }]));
    const key = (res.json().videos[0] as string).replace('/media/', '');
    await expect(probeVideo(localMedia(t).pathOf(key))).rejects.toThrow(mediaMessages.unreadableVideo);
  });
});

describe('video uploads probed as they stream, thumbnails made after the reply', () => {
  const media = () => t.app.streamdesk.context.media;
  // Every upload below finds its spare ffprobe listening, as on a server that has been up a moment.
  beforeEach(() => startMediaTools());

  it('reads the duration of faststart and moov-last MP4s from the stream; broken bytes get no verdict', async () => {
    const res = await upload(
      form({}, [
        { field: 'video', name: 'fast.mp4', data: mp4(2) },
        { field: 'video', name: 'camera.mp4', data: mp4(2, { moovLast: true }) },
        { field: 'video', name: 'broken.mp4', data: BROKEN_MP4 },
      ]),
      { 'x-probe': '1' },
    );
    expect(res.statusCode).toBe(200);
    const { probes } = res.json() as { probes: ({ durationSeconds: number } | null)[] };
    expect(probes[0]?.durationSeconds).toBeCloseTo(2, 0);
    expect(probes[1]?.durationSeconds).toBeCloseTo(2, 0);
    expect(probes[2]).toBeNull();
  });

  it('reads a stored file from its head with a spare probe, which may move once it is open', async () => {
    const file = path.join(t.config.dataDir, 'stored-head.mp4');
    writeFileSync(file, ofSize(mp4(2), 20 * 1024 * 1024));
    const probe = (await storedHeadProbe(file))!;
    renameSync(file, `${file}.moved`);
    expect((await probe.result)?.durationSeconds).toBeCloseTo(2, 0);
    // No file to read: no verdict (acceptVideo then probes by path, and refuses).
    const missing = (await storedHeadProbe(path.join(t.config.dataDir, 'nothing.mp4')))!;
    await expect(missing.result).resolves.toBeUndefined();
  });

  it('ends the probe when the upload is abandoned', async () => {
    const probe = streamProbe()!;
    probe.input.write(mp4().subarray(0, 100));
    probe.input.destroy();
    await expect(probe.result).resolves.toBeUndefined();
  });

  it('accepts a video with its duration and serves its thumbnail once made, even when asked at once', async () => {
    const res = await upload(form({}, [{ field: 'video', name: 'v.mp4', data: mp4(2) }]), { 'x-probe': '1' });
    const key = (res.json().videos[0] as string).replace('/media/', '');
    const saved = { key, kind: 'mp4' as const, size: 0, url: `/media/${key}` };
    const accepted = await acceptVideo(media(), saved, 'test');
    expect(accepted.durationSeconds).toBeCloseTo(2, 0);
    // Asked before the background ffmpeg is done: the request waits for it instead of a 404.
    const served = await t.app.inject({ method: 'GET', url: accepted.thumbnail.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(sniffMediaKind(served.rawPayload)).toBe('jpeg');
  });

  it('refuses a video ffprobe cannot read, from the file when the stream gave no verdict', async () => {
    const res = await upload(form({}, [{ field: 'video', name: 'broken.mp4', data: BROKEN_MP4 }]));
    const key = (res.json().videos[0] as string).replace('/media/', '');
    const before = filesIn('test').length;
    await expect(
      acceptVideo(media(), { key, kind: 'mp4', size: 0, url: `/media/${key}` }, 'test'),
    ).rejects.toThrow(mediaMessages.unreadableVideo);
    await media().idle();
    expect(filesIn('test').length).toBe(before);
  });

  it('removing a file still being written waits for it, leaving nothing behind', async () => {
    const before = filesIn('test').length;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const later = media().writeLater('test', 'jpg', async (tmp) => {
      await gate;
      writeFileSync(tmp, JPEG);
    });
    const removed = media().remove(later.key);
    finish();
    await removed;
    expect(filesIn('test').length).toBe(before);
    expect(filesIn('.tmp')).toEqual([]);
  });

  it('another server process on the same media folder serves a thumbnail once this one has made it', async () => {
    // A second process: its own store (and its own pending writes) on the same folder.
    const other = createLocalMediaStore(mediaDir());
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const later = media().writeLater('test', 'jpg', async (tmp) => {
      await gate;
      writeFileSync(tmp, JPEG);
    });
    let served = false;
    const waiting = other.settled(later.url).then(() => (served = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(served).toBe(false);
    finish();
    await waiting;
    expect(filesIn('test')).toContain(path.basename(later.key));
    expect(filesIn('.tmp')).toEqual([]);
  });

  it('a server starting removes what a stopped process left in media/.tmp an hour ago, and nothing newer', async () => {
    const tmp = path.join(mediaDir(), '.tmp');
    mkdirSync(tmp, { recursive: true });
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    const left = [
      '0123456789abcdef0123aaaa.part',
      '0123456789abcdef0123bbbb.jpg',
      '0123456789abcdef0123cccc.jpg.pending',
    ];
    for (const name of left) {
      writeFileSync(path.join(tmp, name), 'x');
      utimesSync(path.join(tmp, name), hoursAgo, hoursAgo);
    }
    // An upload another process is streaming right now.
    writeFileSync(path.join(tmp, '0123456789abcdef0123dddd.part'), 'x');
    const started = await buildApp(t.config, { logger: false });
    await started.close();
    expect(filesIn('.tmp')).toEqual(['0123456789abcdef0123dddd.part']);
    rmSync(path.join(tmp, '0123456789abcdef0123dddd.part'));
  });

  it("a server starting after a kill -9 removes a stopped process's part files at once and makes its unmade thumbnail", async () => {
    const tmp = path.join(mediaDir(), '.tmp');
    mkdirSync(tmp, { recursive: true });
    mkdirSync(path.join(mediaDir(), 'test'), { recursive: true });
    // No process has pid 2^22 + 1 (above Linux's pid_max default); the runner's parent is running.
    const gone = `${2 ** 22 + 1}-deadbeef`;
    const running = `${process.ppid}-0a1b2c3d`;
    writeFileSync(path.join(tmp, `${gone}.0123456789abcdef0123aaaa.part`), 'half an upload');
    writeFileSync(path.join(tmp, `${running}.0123456789abcdef0123bbbb.part`), 'an upload in progress');
    // A video stored, its thumbnail's marker written, the process killed before ffmpeg finished.
    const video = 'test/0123456789abcdef0123cccc.mp4';
    const thumbnail = 'test/0123456789abcdef0123dddd.jpg';
    writeFileSync(path.join(mediaDir(), video), mp4(2));
    writeFileSync(path.join(tmp, '0123456789abcdef0123dddd.jpg'), 'half a jpeg');
    writeFileSync(
      path.join(tmp, '0123456789abcdef0123dddd.jpg.pending'),
      JSON.stringify({ owner: gone, key: thumbnail, source: video }),
    );
    const started = await buildApp(t.config, { logger: false });
    await started.streamdesk.context.media.idle();
    await started.close();
    expect(filesIn('.tmp')).toEqual([`${running}.0123456789abcdef0123bbbb.part`]);
    expect(filesIn('test')).toContain(path.basename(thumbnail));
    expect(sniffMediaKind(readFileSync(path.join(mediaDir(), thumbnail)))).toBe('jpeg');
    rmSync(path.join(tmp, `${running}.0123456789abcdef0123bbbb.part`));
  });

  it('does not wait for a marker a process left behind when it died mid-write', async () => {
    const key = 'test/0123456789abcdef01234567.jpg';
    const marker = path.join(mediaDir(), '.tmp', '0123456789abcdef01234567.jpg.pending');
    writeFileSync(marker, '');
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(marker, old, old);
    const started = Date.now();
    await createLocalMediaStore(mediaDir()).settled(`/media/${key}`);
    expect(Date.now() - started).toBeLessThan(1000);
    rmSync(marker);
  });

  it('a background write that fails leaves neither the file nor its temporary file', async () => {
    const before = filesIn('test').length;
    const later = media().writeLater('test', 'jpg', async (tmp) => {
      writeFileSync(tmp, 'half');
      throw new Error('ffmpeg failed');
    });
    await media().settled(later.url);
    expect(filesIn('test').length).toBe(before);
    expect(filesIn('.tmp')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: later.url })).statusCode).toBe(404);
  });
});
