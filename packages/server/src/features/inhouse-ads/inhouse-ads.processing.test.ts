import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APP_INHOUSE_PAGE,
  inHouseRoutes,
  type AppInHouseAd,
  type InHouseAd,
} from '@streamdesk/contract/inhouse-ads';
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
import { queuedColumns } from '../../platform/media/video-queue.repository.js';
import { insert } from './inhouse-ads.repository.js';

// In-house ad videos go through the library videos' processing (issue 35, 0059): queued on upload,
// remuxed index first when their index is last, an HLS ladder never above the source, queued again when
// an edit replaces the video, an open edit page's version unchanged by the processing, a failed video's
// Retry, the ladder purged with the ad. Image ads are ready at once.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VIDEO_JOBS_AT_ONCE: '1' }, { videoProgressMs: 100 });
});
afterAll(() => t.close());

// Transcodes on a loaded 2-core machine: each test waits for ffmpeg (at most 90 s: `polled`).
vi.setConfig({ testTimeout: 150_000 });

const PATH = inHouseRoutes.list.path;
const fields = {
  mainTitle: 'Promo',
  subTitle: 'Sub',
  description: 'Text',
  medType: 'video',
  callToAction: 'https://example.com/app',
  btnName: 'Install',
  web_stay_time: '5',
  adType: 'fs_web',
};
const icon = { field: 'icon', name: 'icon.png', data: PNG, type: 'image/png' };
const clip = (data: Buffer) => ({ field: 'video', name: 'clip.mp4', data, type: 'video/mp4' });

async function upload(data: Buffer): Promise<InHouseAd> {
  const res = await t.request({ method: 'POST', url: PATH, payload: form(fields, [icon, clip(data)]) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: InHouseAd }).data;
}

/** What the edit page loads: the ad and its version. */
async function find(id: string): Promise<{ data: InHouseAd; version: string }> {
  const res = await t.request({ method: 'GET', url: `${PATH}/data/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: InHouseAd; version: string };
}

/** The edit page's save: the form as loaded with `change` on top, the version it loaded, a new file if any. */
const save = (ad: InHouseAd, change: object, version: string, file?: ReturnType<typeof clip>) =>
  t.request({
    method: 'PUT',
    url: PATH,
    payload: form(
      {
        ...fields,
        id: ad._id,
        mainTitle: ad.mainTitle,
        medType: ad.medType,
        version,
        ...change,
      },
      file ? [file] : [],
    ),
  });

/** The ad as the admin list shows it (read uncached). */
async function listed(id: string): Promise<InHouseAd | undefined> {
  const res = await t.request({ method: 'GET', url: `${PATH}?a=true&limit=1000` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: InHouseAd[] }).data.find((a) => a._id === id);
}

/** The ad as the app reads it (api-key only, the cached active list). */
async function inApp(id: string): Promise<AppInHouseAd | undefined> {
  const res = await t.request({
    method: 'GET',
    url: `${inHouseRoutes.active.path}?page=1&limit=100`,
    admin: false,
    headers: { 'api-key': TEST_API_KEY },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: AppInHouseAd[] }).data.find((a) => a._id === id);
}

const settled = async (id: string) =>
  (
    await polled(
      () => find(id),
      (f) => f.data.state === 'ready' || f.data.state === 'failed',
    )
  ).data;

describe('a new video ad', () => {
  it('is queued, then ready: its MP4 remuxed index first and an HLS ladder from its own height down', async () => {
    const source = sizedMp4(360, { moovLast: true });
    expect(before(boxes(source), 'mdat', 'moov')).toBe(true);
    const uploaded = await upload(source);
    // The spec's reply, with the processing beside it (additive).
    expect(uploaded).toMatchObject({ medType: 'video', state: 'queued', progress: 0, hls: '' });
    expect(uploaded.medView).toMatch(/^\/media\/inhouse-ads\/.+\.mp4$/);
    // The list names its state too: the queue starts at once, and a small ad can be ready before this
    // read (seen in a CI run), so any of the three.
    expect(await listed(uploaded._id)).toMatchObject({
      state: expect.stringMatching(/^(queued|processing|ready)$/),
    });

    const ready = await settled(uploaded._id);
    expect(ready).toMatchObject({ state: 'ready', progress: 100, thumbnail: uploaded.thumbnail });
    // A new file, index first (no re-encode: about the same size); the old one goes.
    expect(ready.medView).not.toBe(uploaded.medView);
    expect(ready.medView).toMatch(/^\/media\/inhouse-ads\/.+\.mp4$/);
    const remuxed = await storedBytes(t, ready.medView);
    expect(before(boxes(remuxed), 'moov', 'mdat')).toBe(true);
    expect(Math.abs(remuxed.length - source.length)).toBeLessThan(source.length * 0.05);
    await gone(t, uploaded.medView);

    // The admin list and the app's reply name the master playlist beside the MP4: 360 and 240, nothing above.
    expect(await listed(uploaded._id)).toMatchObject({
      medView: ready.medView,
      hls: ready.hls,
      state: 'ready',
    });
    expect(await inApp(uploaded._id)).toMatchObject({
      medView: ready.medView,
      hls: ready.hls,
      state: 'ready',
    });
    expect(ready.hls).toMatch(/^\/media\/inhouse-ads\/[0-9a-f]{24}\.m3u8$/);
    const ladder = await renditions(t, ready.hls);
    expect(ladder.map((r) => r.height)).toEqual([360, 240]);
    await expectPoster(t, ready.poster, { width: 640, height: 360 });
    expect((await media(t, ladder[0]!.url)).body).toContain('#EXT-X-ENDLIST');
    expect(await mediaMismatches(t)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });

  it('a camera file with PCM sound is ready: the remux copies its video and makes its sound AAC', async () => {
    const source = sizedMp4(240, { pcmSound: true });
    const uploaded = await upload(source);
    const ready = await settled(uploaded._id);
    expect(ready).toMatchObject({ state: 'ready', progress: 100 });
    const remuxed = await storedBytes(t, ready.medView);
    expect(before(boxes(remuxed), 'moov', 'mdat')).toBe(true);
    // H.264 copied (its stream's codec tag is still avc1), the sound now AAC (mp4a), no PCM left.
    const text = remuxed.toString('latin1');
    expect(text).toContain('avc1');
    expect(text).toContain('mp4a');
    expect(text).not.toMatch(/sowt|twos|lpcm/);
    expect((await renditions(t, ready.hls)).map((r) => r.height)).toEqual([240]);
  });

  it('an image ad is ready at once, with nothing to process', async () => {
    const res = await t.request({
      method: 'POST',
      url: PATH,
      payload: form({ ...fields, medType: 'image' }, [icon, { ...icon, field: 'image', name: 'pic.png' }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const ad = (res.json() as { data: InHouseAd }).data;
    expect(ad).toMatchObject({ medType: 'image', state: 'ready', progress: 100, hls: '' });
    expect(await listed(ad._id)).toMatchObject({ state: 'ready', progress: 100, hls: '' });
  });
});

describe('a video ad while it is processed', () => {
  it("shows its percent in the app's cached list, not 0% until ready, and the launch reply follows", async () => {
    // The run writes its percent every 100 ms here (videoProgressMs): it shows before the run ends.
    const uploaded = await upload(sizedMp4(480, { seconds: 8 }));
    await expectPercentInLaunchList(t, {
      list: 'inHouseAds',
      page1: `${inHouseRoutes.active.path}?page=1&limit=${APP_INHOUSE_PAGE}`,
      id: uploaded._id,
      inApp: () => inApp(uploaded._id),
    });
    expect((await settled(uploaded._id)).state).toBe('ready');
    expect(await inApp(uploaded._id)).toMatchObject({ state: 'ready', progress: 100 });
  });
});

describe('an edit page open while the ad video is processed', () => {
  it('saves with the version it loaded: the remux and the ladder are not a change of the ad', async () => {
    const uploaded = await upload(sizedMp4(240, { moovLast: true }));
    const opened = await find(uploaded._id);
    const ready = await settled(uploaded._id);
    expect(ready.medView).not.toBe(uploaded.medView);
    expect((await find(uploaded._id)).version).toBe(opened.version);
    // The run removes the remuxed file's original once its row says ready, a moment after (the check at
    // the end saw it still there once in CI).
    await gone(t, uploaded.medView);

    // The page still holds the ad as it loaded it (the old MP4's URL, queued): its save goes through and
    // keeps the processed video.
    const res = await save(opened.data, { mainTitle: 'Mine' }, opened.version);
    expect(res.statusCode, res.body).toBe(200);
    expect((await find(uploaded._id)).data).toMatchObject({
      mainTitle: 'Mine',
      medView: ready.medView,
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

    const res = await save(opened.data, {}, opened.version, clip(sizedMp4(360, { moovLast: true })));
    expect(res.statusCode, res.body).toBe(200);
    const edited = (res.json() as { data: InHouseAd }).data;
    expect(edited).toMatchObject({ state: 'queued', progress: 0, hls: '' });
    expect(edited.medView).not.toBe(first.medView);
    // A new video is a change an edit page open before it must not overwrite.
    expect((await find(first._id)).version).not.toBe(opened.version);
    for (const url of [first.medView, first.thumbnail!, ...ladder])
      expect(await storeHas(t, url)).toBe(false);

    const again = await settled(first._id);
    expect(again).toMatchObject({ state: 'ready', progress: 100 });
    // The run removes the remuxed file's original once its row says ready, a moment after.
    await gone(t, edited.medView);
    expect((await renditions(t, again.hls)).map((r) => r.height)).toEqual([360, 240]);
    expect(await mediaMismatches(t)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });

  it('an image replacing the video is ready, and the video, its thumbnail and ladder go', async () => {
    const first = await settled((await upload(sizedMp4(240)))._id);
    const ladder = [first.hls, ...(await renditions(t, first.hls)).map((r) => r.url)];
    const opened = await find(first._id);
    const res = await save(opened.data, { medType: 'image' }, opened.version, {
      ...clip(PNG),
      field: 'image',
      name: 'pic.png',
      type: 'image/png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: InHouseAd }).data).toMatchObject({
      medType: 'image',
      thumbnail: null,
      state: 'ready',
      progress: 100,
      hls: '',
    });
    for (const url of [first.medView, first.thumbnail!, ...ladder])
      expect(await storeHas(t, url)).toBe(false);
    expect(await mediaMismatches(t)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });
});

describe('a video ad deleted forever', () => {
  it('goes with its ladder: every HLS file with the MP4, the thumbnail and the icon', async () => {
    const ready = await settled((await upload(sizedMp4(240)))._id);
    expect(ready.hls).not.toBe('');
    const stored = () => storedCount(t, 'inhouse-ads');
    const count = await stored();
    const payload = { id: [ready._id] };
    const removed = await t.request({ method: 'DELETE', url: PATH, payload });
    expect(removed.statusCode, removed.body).toBe(200);
    // In the trash the files stay, for a restore.
    expect(await stored()).toBe(count);
    expect((await t.request({ method: 'DELETE', url: '/api/admin/trash', payload })).statusCode).toBe(200);
    // Icon, MP4, thumbnail, master, poster, and one playlist and one media file for the single 240p rendition.
    expect(await stored()).toBe(count - 7);
    expect(await mediaMismatches(t)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });
});

describe('a video ad whose video ffmpeg cannot read', () => {
  let failedId = '';

  it('is tried twice more, then failed, and keeps its MP4 (no HLS)', async () => {
    const { db, media: store, videoQueue } = t.app.streamdesk.context;
    const { video, thumbnail, file } = await storeBrokenVideo(t, 'inhouse-ads');
    const iconFile = await store.put(file('icon.png', PNG), 'inhouse-ads', 'png');
    const id = newId();
    const at = nowIso();
    await insert(db, {
      id,
      main_title: 'Broken',
      sub_title: 'Broken',
      description: 'Broken',
      med_type: 'video',
      call_to_action: 'https://example.com',
      btn_name: 'Install',
      web_stay_time: 1,
      ad_type: 'fs_web',
      icon: iconFile.url,
      med_view: video,
      thumbnail,
      view: 0,
      click_count: 0,
      status: 1,
      created_at: at,
      updated_at: at,
      ...queuedColumns(at),
    });
    videoQueue.wake();

    const failed = await settled(id);
    expect(failed).toMatchObject({ state: 'failed', hls: '', medView: video });
    await expectGivenUp(t, 'inhouse_ads', id);
    // The app's list shows it failed too (its cache dropped by the failure).
    expect(await inApp(id)).toMatchObject({ state: 'failed', medView: video });
    failedId = id;
  });

  // Last: it stops the queue, so that the retried ad stays queued to be looked at.
  it('Retry queues a failed ad again; unknown ids are a 404 and an ad not failed a 409', async () => {
    const retry = await expectRetryQueues(t, {
      path: inHouseRoutes.retry.path,
      failedId,
      notFound: 'In-house ad not found',
      retried: 'Processing queued again for 1 in-house ad(s)',
    });
    // The app's cached list and the admin list show it queued at once.
    expect(await inApp(failedId)).toMatchObject({ state: 'queued', progress: 0 });
    expect(await listed(failedId)).toMatchObject({ state: 'queued', progress: 0 });
    await expectRequeued(t, 'inhouse_ads', 'inhouse-ads', [failedId]);

    const again = await retry([failedId]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody(`Only a failed in-house ad can be retried: ${failedId}`));
  });
});
