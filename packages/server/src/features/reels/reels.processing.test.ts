import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reelRoutes, type Reel } from '@streamdesk/contract/reels';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { form, sizedMp4 } from '../../test/media-fixtures.js';
import { storedBytes, storedCount } from '../../test/stored-files.js';
import { mediaMismatches } from '../../test/bad-input.js';
import {
  before,
  boxes,
  expectGivenUp,
  expectPoster,
  expectRequeued,
  expectRetryQueues,
  gone,
  media,
  polled,
  renditions,
  storeBrokenVideo,
} from '../../test/video-processing.js';
import { newId, nowIso } from '../../platform/db/values.js';
import { queuedColumns } from '../../platform/media/video-queue.repository.js';
import { insertReel } from './reels.repository.js';

// Reels go through the library videos' processing (issue 35, 0059): queued on upload, remuxed index first
// when their index is last, an HLS ladder never above the source, retries, the ladder purged with the reel.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VIDEO_JOBS_AT_ONCE: '1' }, { videoProgressMs: 100 });
});
afterAll(() => t.close());

// Transcodes on a loaded 2-core machine: each test waits for ffmpeg (at most 90 s: `polled`).
vi.setConfig({ testTimeout: 120_000 });

async function upload(data: Buffer): Promise<Reel> {
  const res = await t.request({
    method: 'POST',
    url: reelRoutes.add.path,
    payload: form({}, [{ field: 'video', name: 'goal.mp4', data }]),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Reel }).data;
}

/** The reel as the app reads it (api-key only, the cached list). */
async function listed(id: string): Promise<Reel | undefined> {
  const res = await t.request({
    method: 'GET',
    url: `${reelRoutes.list.path}?page=1&limit=100`,
    admin: false,
    headers: { 'api-key': TEST_API_KEY },
  });
  return (res.json() as { data: Reel[] }).data.find((r) => r._id === id);
}
const settled = (id: string) =>
  polled(
    () => listed(id),
    (r) => r?.state === 'ready' || r?.state === 'failed',
  ) as Promise<Reel>;

describe('a new reel', () => {
  it('is queued, then ready: its MP4 remuxed index first and an HLS ladder from its own height down', async () => {
    const source = sizedMp4(360, { moovLast: true });
    expect(before(boxes(source), 'mdat', 'moov')).toBe(true);
    const uploaded = await upload(source);
    expect(uploaded).toMatchObject({ state: 'queued', progress: 0, hls: '' });

    const ready = await settled(uploaded._id);
    expect(ready).toMatchObject({ state: 'ready', progress: 100 });
    // A new file, index first (no re-encode: about the same size); the old one goes.
    expect(ready.video).not.toBe(uploaded.video);
    expect(ready.video).toMatch(/^\/media\/reels\/.+\.mp4$/);
    const remuxed = await storedBytes(t, ready.video);
    expect(before(boxes(remuxed), 'moov', 'mdat')).toBe(true);
    expect(Math.abs(remuxed.length - source.length)).toBeLessThan(source.length * 0.05);
    await gone(t, uploaded.video);

    // The app's reply names the master playlist beside the MP4; it lists 360 and 240, nothing above.
    expect(ready.hls).toMatch(/^\/media\/reels\/[0-9a-f]{24}\.m3u8$/);
    const ladder = await renditions(t, ready.hls);
    expect(ladder.map((r) => r.height)).toEqual([360, 240]);
    await expectPoster(t, ready.poster, { width: 640, height: 360 });
    const playlist = (await media(t, ladder[0]!.url)).body;
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(await mediaMismatches(t)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });

  it("shows its percent while processing: a run's progress reaches the cached list", async () => {
    // The run writes its percent every 100 ms here (videoProgressMs): it shows before the run ends.
    const uploaded = await upload(sizedMp4(480, { seconds: 8 }));
    const seen = await polled(
      () => listed(uploaded._id),
      (r) => (r?.state === 'processing' && r.progress > 0) || r?.state === 'ready',
    );
    // The list was cached at the take (0%): the percent shows only if a progress write dropped it.
    expect(seen).toMatchObject({ state: 'processing' });
    expect(seen!.progress).toBeGreaterThan(0);
    expect(seen!.progress).toBeLessThan(100);
    expect(await settled(uploaded._id)).toMatchObject({ state: 'ready', progress: 100 });
  });

  it('deleted forever with its ladder: every HLS file goes with the MP4 and the thumbnail', async () => {
    const ready = await settled((await upload(sizedMp4(240)))._id);
    expect(ready.hls).not.toBe('');
    const stored = () => storedCount(t, 'reels');
    const count = await stored();
    const payload = { id: [ready._id] };
    expect((await t.request({ method: 'DELETE', url: reelRoutes.remove.path, payload })).statusCode).toBe(
      200,
    );
    // In the trash the files stay, for a restore.
    expect(await stored()).toBe(count);
    expect((await t.request({ method: 'DELETE', url: '/api/admin/trash', payload })).statusCode).toBe(200);
    // MP4, thumbnail, master, poster, and one playlist and one media file for the single 240p rendition.
    expect(await stored()).toBe(count - 6);
    expect(await mediaMismatches(t)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });
});

describe('a reel whose video ffmpeg cannot read', () => {
  let failedId = '';

  it('is tried twice more, then failed, and keeps its MP4 (no HLS)', async () => {
    const { db, videoQueue } = t.app.streamdesk.context;
    const { video, thumbnail } = await storeBrokenVideo(t, 'reels');
    const id = newId();
    const at = nowIso();
    await insertReel(db, {
      id,
      video,
      thumbnail,
      duration: 1,
      size: 600,
      view: 0,
      click: 0,
      created_at: at,
      file_name: 'broken.mp4',
      ...queuedColumns(at),
    });
    t.app.streamdesk.context.cache.invalidate('reels');
    videoQueue.wake();

    const failed = await settled(id);
    expect(failed).toMatchObject({ state: 'failed', hls: '', video });
    await expectGivenUp(t, 'reels', id);
    failedId = id;
  });

  // Last: it stops the queue, so that the retried reel stays queued to be looked at.
  it('Retry queues a failed reel again; unknown ids are a 404 and a reel not failed a 409', async () => {
    const retry = await expectRetryQueues(t, {
      path: reelRoutes.retry.path,
      failedId,
      notFound: 'Reel not found',
      retried: 'Processing queued again for 1 reel(s)',
    });
    // The app's cached list shows it queued at once.
    expect(await listed(failedId)).toMatchObject({ state: 'queued', progress: 0 });
    await expectRequeued(t, 'reels', 'reels', [failedId]);

    const again = await retry([failedId]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody(`Only a failed reel can be retried: ${failedId}`));
  });
});
