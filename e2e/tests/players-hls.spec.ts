import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { seedCategory, seedVideos } from './video-helpers.js';

// The back office's players play a processed video's HLS ladder (issue 35): the library's View, the
// story edit page's preview and the in-house ad edit page's (which follows the processing), each from its
// master playlist and segments, not its MP4, showing the ladder's poster (docs/decisions/0061-ladder-poster.md).
test.use({ serverFor: 'players-hls', videoJobs: 1 });

/** The media paths the page requests from now on. */
function requestsOf(page: Page) {
  const requested: string[] = [];
  page.on('request', (r) => void requested.push(new URL(r.url()).pathname));
  return requested;
}

const playing = (video: ReturnType<Page['locator']>) =>
  expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);

test('the library preview and the story edit page play from the HLS ladder, with its poster', async ({
  signedInPage: page,
  api,
  media,
}) => {
  // Two ladders are made first, by ffmpeg on a loaded machine.
  test.setTimeout(120_000);
  const category = await seedCategory(api, media);
  await seedVideos(api, media, category._id, 1);
  const insertData = JSON.stringify({ btnName: 'Watch', btnUrl: 'https://example.com/players' });
  await api.upload('POST', '/api/App/Add/Story/Video', { insertData }, { video: media.mp4b });
  type Listed = { _id: string; state: string; poster: string; thumbnail?: string };
  const listed = async () => {
    const videos = await api.call('GET', `/api/App/video/category/admin/${category._id}`);
    const stories = await api.call('GET', '/api/App/all/only/story/video?page=1&limit=20');
    return [...(videos.data as Listed[]), ...(stories.data as Listed[])];
  };
  await expect
    .poll(async () => (await listed()).map((item) => item.state), { timeout: 80_000 })
    .toEqual(['ready', 'ready']);
  const [video, story] = await listed();

  const library = requestsOf(page);
  await page.goto('/show/video');
  await page.getByRole('button', { name: 'View Video 1' }).click();
  const viewed = page.getByRole('dialog', { name: 'Video' }).locator('video');
  await playing(viewed);
  // The ladder's poster (0061), not the upload's small thumbnail.
  expect(video!.poster).toMatch(/^\/media\/videos\/[0-9a-f]{24}\.jpg$/);
  expect(video!.poster).not.toBe(video!.thumbnail);
  await expect(viewed).toHaveAttribute('poster', video!.poster);
  expect(library.some((p) => /^\/media\/videos\/[0-9a-f]{24}\.m3u8$/.test(p))).toBe(true);
  expect(library.some((p) => p.startsWith('/media/videos/') && p.endsWith('.ts'))).toBe(true);
  expect(library.some((p) => p.endsWith('.mp4'))).toBe(false);
  await page.getByRole('dialog', { name: 'Video' }).getByRole('button', { name: 'Close' }).click();

  const storyRequests = requestsOf(page);
  await page.goto(`/update/story/video/${story!._id}`);
  const preview = page.getByLabel('Current media');
  await expect(preview).toHaveAttribute('poster', /^\/media\/stories\/[0-9a-f]{24}\.jpg$/);
  await expect(preview).toHaveAttribute('poster', story!.poster);
  await preview.evaluate((v: HTMLVideoElement) => v.play());
  await playing(preview);
  expect(storyRequests.some((p) => /^\/media\/stories\/[0-9a-f]{24}\.m3u8$/.test(p))).toBe(true);
  expect(storyRequests.some((p) => p.startsWith('/media/stories/') && p.endsWith('.ts'))).toBe(true);
  expect(storyRequests.some((p) => p.endsWith('.mp4'))).toBe(false);
});

test('the in-house ad edit page, opened as its video is uploaded, moves to the ladder and its poster', async ({
  signedInPage: page,
  api,
  media,
}) => {
  test.setTimeout(120_000);
  const fields = {
    mainTitle: 'Players ladder ad',
    subTitle: 'Players subtitle',
    description: 'Players description',
    callToAction: 'https://example.com/players-ad',
    web_stay_time: '3',
  };
  const created = await api.upload('POST', '/api/App/inhouse/ads', fields, {
    icon: media.png,
    video: media.mp4b,
  });
  const ad = created.data as { _id: string };
  const requested = requestsOf(page);
  // Opened at once: the video is mostly still queued or processing then (a fast run may be done already;
  // the switch itself is the web test's, inhouse-ads-processing.test.tsx). No reload follows.
  await page.goto(`/manage/ads/inHouseAds/edit/${ad._id}`);
  const player = page.getByLabel(`Video of ${fields.mainTitle}`);
  await expect(player).toBeVisible();
  type Found = { data: { state: string; poster: string; hls: string } };
  await expect
    .poll(async () => ((await api.call('GET', `/api/App/inhouse/ads/data/${ad._id}`)) as Found).data.state, {
      timeout: 80_000,
    })
    .toBe('ready');
  const ready = ((await api.call('GET', `/api/App/inhouse/ads/data/${ad._id}`)) as Found).data;
  expect(ready.poster).toMatch(/^\/media\/inhouse-ads\/[0-9a-f]{24}\.jpg$/);
  await expect(player).toHaveAttribute('poster', ready.poster, { timeout: 10_000 });
  await player.evaluate((v: HTMLVideoElement) => v.play());
  await playing(player);
  expect(requested).toContain(ready.hls);
  expect(requested.some((p) => p.startsWith('/media/inhouse-ads/') && p.endsWith('.ts'))).toBe(true);
});
