import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storyRoutes, type AppStoriesReply, type Story } from '@streamdesk/contract/stories';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { form, PNG, sizedMp4 } from '../../test/media-fixtures.js';
import { storedBytes, storedCount, storeHas } from '../../test/stored-files.js';
import { mediaMismatches } from '../../test/bad-input.js';
import {
  before,
  boxes,
  expectGivenUp,
  expectPercentInLaunchList,
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
import { storyRow } from '../../test/story-rows.js';
import { queuedColumns } from '../../platform/media/video-queue.repository.js';
import { insertStory } from './stories.repository.js';

// Story videos go through the library videos' processing (issue 35, 0059): queued on upload, remuxed
// index first when their index is last, an HLS ladder never above the source, queued again when an edit
// replaces the video, an open edit page's version unchanged by the processing, the ladder purged.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VIDEO_JOBS_AT_ONCE: '1' }, { videoProgressMs: 100 });
});
afterAll(() => t.close());

// Transcodes on a loaded 2-core machine: each test waits for ffmpeg (at most 90 s: `polled`).
vi.setConfig({ testTimeout: 150_000 });

const button = { btnName: 'Watch', btnUrl: 'https://example.com/x' };
const clip = (data: Buffer) => ({ field: 'video', name: 'clip.mp4', data, type: 'video/mp4' });

async function upload(data: Buffer, insertData: object = button): Promise<Story> {
  const res = await t.request({
    method: 'POST',
    url: storyRoutes.add.path,
    payload: form({ insertData: JSON.stringify(insertData) }, [clip(data)]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Story }).data;
}

/** What the edit page loads: the story and its version. */
async function find(id: string, ads = false): Promise<{ data: Story; version: string }> {
  const route = ads ? storyRoutes.findAds : storyRoutes.findVideo;
  const res = await t.request({ method: 'GET', url: `${route.path}?id=${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Story; version: string };
}

/** The edit page's save: the form as loaded with `change` on top, the version it loaded, a new video if any. */
const save = (s: Story, change: object, version: string, video?: Buffer) =>
  t.request({
    method: 'PUT',
    url: storyRoutes.edit.path,
    payload: form(
      { _id: JSON.stringify(s._id), insertData: JSON.stringify({ ...s, ...change }), version },
      video ? [clip(video)] : [],
    ),
  });

/** The story as the app reads it (api-key only, the cached list; the launch reply names page 1's version). */
async function inApp(id: string) {
  const res = await t.request({
    method: 'GET',
    url: storyRoutes.app.path,
    admin: false,
    headers: { 'api-key': TEST_API_KEY },
  });
  expect(res.statusCode).toBe(200);
  const reply = res.json() as AppStoriesReply;
  return [...reply.data, ...reply.ads].find((s) => s._id === id);
}

/** The story as the back office's list reads it (stories or story ads). */
async function inAdminList(id: string, ads = false) {
  const list = ads ? storyRoutes.listAds : storyRoutes.listVideo;
  const res = await t.request({ method: 'GET', url: list.path });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Story[] }).data.find((s) => s._id === id);
}

const settled = async (id: string, ads = false) =>
  (
    await polled(
      () => find(id, ads),
      (f) => f.data.state === 'ready' || f.data.state === 'failed',
    )
  ).data;

describe('a new video story', () => {
  it('is queued, then ready: its MP4 remuxed index first and an HLS ladder from its own height down', async () => {
    const source = sizedMp4(360, { moovLast: true });
    expect(before(boxes(source), 'mdat', 'moov')).toBe(true);
    const uploaded = await upload(source);
    // The spec's reply, with the processing beside it (additive).
    expect(uploaded).toMatchObject({ ...button, state: 'queued', progress: 0, hls: '' });
    expect(uploaded.video).toMatch(/^\/media\/stories\/.+\.mp4$/);

    const ready = await settled(uploaded._id);
    expect(ready).toMatchObject({ state: 'ready', progress: 100, thembnal: uploaded.thembnal });
    // A new file, index first (no re-encode: about the same size); the old one goes.
    expect(ready.video).not.toBe(uploaded.video);
    expect(ready.video).toMatch(/^\/media\/stories\/.+\.mp4$/);
    const remuxed = await storedBytes(t, ready.video);
    expect(before(boxes(remuxed), 'moov', 'mdat')).toBe(true);
    expect(Math.abs(remuxed.length - source.length)).toBeLessThan(source.length * 0.05);
    await gone(t, uploaded.video);

    // The app's reply names the master playlist beside the MP4; it lists 360 and 240, nothing above.
    expect(await inApp(uploaded._id)).toMatchObject({ video: ready.video, hls: ready.hls, state: 'ready' });
    expect(ready.hls).toMatch(/^\/media\/stories\/[0-9a-f]{24}\.m3u8$/);
    const ladder = await renditions(t, ready.hls);
    expect(ladder.map((r) => r.height)).toEqual([360, 240]);
    await expectPoster(t, ready.poster, { width: 640, height: 360 });
    expect((await media(t, ladder[0]!.url)).body).toContain('#EXT-X-ENDLIST');
    expect(await mediaMismatches(t)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });

  it('an image story is ready at once, with nothing to process', async () => {
    const res = await t.request({
      method: 'POST',
      url: storyRoutes.add.path,
      payload: form({ insertData: JSON.stringify(button) }, [
        { field: 'image', name: 'pic.png', data: PNG, type: 'image/png' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: Story }).data).toMatchObject({ state: 'ready', progress: 100, hls: '' });
  });
});

describe('an edit page open while the story video is processed', () => {
  it('saves with the version it loaded: the remux and the ladder are not a change of the story', async () => {
    const uploaded = await upload(sizedMp4(240, { moovLast: true }));
    const opened = await find(uploaded._id);
    const ready = await settled(uploaded._id);
    expect(ready.video).not.toBe(uploaded.video);
    expect((await find(uploaded._id)).version).toBe(opened.version);
    // The run removes the remuxed file's original once its row says ready, a moment after.
    await gone(t, uploaded.video);

    // The page still holds the story as it loaded it (the old MP4's URL, queued): its save goes through
    // and keeps the processed video.
    const res = await save(opened.data, { btnName: 'Mine' }, opened.version);
    expect(res.statusCode, res.body).toBe(200);
    expect((await find(uploaded._id)).data).toMatchObject({
      btnName: 'Mine',
      video: ready.video,
      hls: ready.hls,
      state: 'ready',
    });
    expect(await mediaMismatches(t)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });
});

describe('an edit that replaces the video', () => {
  it('queues the new video again and removes the old one with its ladder', async () => {
    const first = await settled((await upload(sizedMp4(240)))._id);
    expect(first.hls).not.toBe('');
    const ladder = [first.hls, ...(await renditions(t, first.hls)).map((r) => r.url)];
    const opened = await find(first._id);

    const res = await save(opened.data, {}, opened.version, sizedMp4(360, { moovLast: true }));
    expect(res.statusCode, res.body).toBe(200);
    const edited = (res.json() as { data: Story }).data;
    expect(edited).toMatchObject({ state: 'queued', progress: 0, hls: '' });
    expect(edited.video).not.toBe(first.video);
    // A new video is a change an edit page open before it must not overwrite.
    expect((await find(first._id)).version).not.toBe(opened.version);
    for (const url of [first.video, first.thembnal, ...ladder]) expect(await storeHas(t, url)).toBe(false);

    const again = await settled(first._id);
    expect(again).toMatchObject({ state: 'ready', progress: 100 });
    // The run removes the remuxed file's original once its row says ready, a moment after.
    await gone(t, edited.video);
    expect((await renditions(t, again.hls)).map((r) => r.height)).toEqual([360, 240]);
    expect(await mediaMismatches(t)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });
});

describe('a video story deleted forever', () => {
  it('goes with its ladder: every HLS file with the MP4 and the thumbnail', async () => {
    const ready = await settled((await upload(sizedMp4(240)))._id);
    expect(ready.hls).not.toBe('');
    const stored = () => storedCount(t, 'stories');
    const count = await stored();
    const payload = { id: [ready._id] };
    const removed = await t.request({ method: 'DELETE', url: storyRoutes.deleteVideo.path, payload });
    expect(removed.statusCode, removed.body).toBe(200);
    // In the trash the files stay, for a restore.
    expect(await stored()).toBe(count);
    expect((await t.request({ method: 'DELETE', url: '/api/admin/trash', payload })).statusCode).toBe(200);
    // MP4, thumbnail, master, poster, and one playlist and one media file for the single 240p rendition.
    expect(await stored()).toBe(count - 6);
    expect(await mediaMismatches(t)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });
});

describe('a story video while it is processed', () => {
  it("shows its percent in the app's cached list and in the admin list, not 0% until ready", async () => {
    // The run writes its percent every 100 ms here (videoProgressMs): it shows before the run ends.
    const uploaded = await upload(sizedMp4(480, { seconds: 8 }));
    await expectPercentInLaunchList(t, {
      list: 'stories',
      page1: storyRoutes.app.path,
      id: uploaded._id,
      inApp: () => inApp(uploaded._id),
    });
    // The admin list is read from the database on each request: its percent moves as well.
    const admin = await inAdminList(uploaded._id);
    expect(admin!.progress).toBeGreaterThan(0);
    expect((await settled(uploaded._id)).state).toBe('ready');
    expect(await inApp(uploaded._id)).toMatchObject({ state: 'ready', progress: 100 });
  });
});

describe('a story video ffmpeg cannot read', () => {
  const failed: Record<'story' | 'ad', string> = { story: '', ad: '' };

  /** As a file damaged after its upload: stored, queued, unreadable (a story, or a story ad). */
  async function broken(ads: boolean) {
    const { db, videoQueue, cache } = t.app.streamdesk.context;
    const { video, thumbnail } = await storeBrokenVideo(t, 'stories');
    const id = newId();
    const at = nowIso();
    await insertStory(
      db,
      storyRow({
        id,
        ads_story: ads ? 1 : 0,
        video,
        image: '',
        thembnal: thumbnail,
        btn_name: 'Broken',
        btn_url: 'https://example.com/b',
        created_at: at,
        ...queuedColumns(at),
      }),
    );
    cache.invalidate('stories');
    videoQueue.wake();
    return { id, video };
  }

  it('is tried twice more, then failed, and keeps its MP4 (no HLS), a story and a story ad alike', async () => {
    const story = await broken(false);
    const ad = await broken(true);
    for (const made of [story, ad]) {
      const done = await settled(made.id, made === ad);
      expect(done).toMatchObject({ state: 'failed', hls: '', video: made.video });
    }
    await expectGivenUp(t, 'stories', story.id);
    expect(await inApp(story.id)).toMatchObject({ state: 'failed' });
    failed.story = story.id;
    failed.ad = ad.id;
  });

  // Last: it stops the queue, so that the retried stories stay queued to be looked at.
  it('Retry queues a failed story video again; unknown ids are a 404, one not failed a 409, none a 400', async () => {
    const retryStories = await expectRetryQueues(t, {
      path: storyRoutes.retryVideo.path,
      failedId: failed.story,
      notFound: 'Story not found.',
      retried: 'Processing queued again for 1 story video(s)',
    });
    const retry = (id: string[], ads = false) =>
      ads ? t.request({ method: 'POST', url: storyRoutes.retryAds.path, payload: { id } }) : retryStories(id);
    // Each list retries its own kind, as its delete and status do: a story ad is unknown to the stories'.
    expect((await retry([failed.ad])).statusCode).toBe(404);
    expect((await retry([failed.story], true)).statusCode).toBe(404);
    const ad = await retry([failed.ad], true);
    expect(ad.json()).toMatchObject({ retried: 1 });
    // The app's cached list and the admin lists show them queued at once.
    expect(await inApp(failed.story)).toMatchObject({ state: 'queued', progress: 0 });
    expect(await inApp(failed.ad)).toMatchObject({ state: 'queued', progress: 0 });
    expect(await inAdminList(failed.ad, true)).toMatchObject({ state: 'queued' });
    await expectRequeued(t, 'stories', 'stories', [failed.story, failed.ad]);

    const again = await retry([failed.story]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody(`Only a failed story video can be retried: ${failed.story}`));
    // An image story has no video to retry: it is ready, so a 409 too.
    const image = await t.request({
      method: 'POST',
      url: storyRoutes.add.path,
      payload: form({ insertData: JSON.stringify(button) }, [
        { field: 'image', name: 'pic.png', data: PNG, type: 'image/png' },
      ]),
    });
    const imageId = (image.json() as { data: Story }).data._id;
    expect((await retry([imageId])).statusCode).toBe(409);
  });
});
