import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { seedCategory, seedVideos } from './video-helpers.js';

// The back office's players play a processed video's HLS ladder (issue 35): the library's View and the
// story edit page's preview, each from its master playlist and segments, not its MP4.
test.use({ serverFor: 'players-hls', videoJobs: 1 });

/** The media paths the page requests from now on. */
function requestsOf(page: Page) {
  const requested: string[] = [];
  page.on('request', (r) => void requested.push(new URL(r.url()).pathname));
  return requested;
}

const playing = (video: ReturnType<Page['locator']>) =>
  expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);

test('the library preview and the story edit page play from the HLS ladder', async ({
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
  const states = async () => {
    const videos = await api.call('GET', `/api/App/video/category/admin/${category._id}`);
    const stories = await api.call('GET', '/api/App/all/only/story/video?page=1&limit=20');
    return [...(videos.data as { state: string }[]), ...(stories.data as { state: string }[])].map(
      (item) => item.state,
    );
  };
  await expect.poll(states, { timeout: 80_000 }).toEqual(['ready', 'ready']);

  const library = requestsOf(page);
  await page.goto('/show/video');
  await page.getByRole('button', { name: 'View Video 1' }).click();
  await playing(page.getByRole('dialog', { name: 'Video' }).locator('video'));
  expect(library.some((p) => /^\/media\/videos\/[0-9a-f]{24}\.m3u8$/.test(p))).toBe(true);
  expect(library.some((p) => p.startsWith('/media/videos/') && p.endsWith('.ts'))).toBe(true);
  expect(library.some((p) => p.endsWith('.mp4'))).toBe(false);
  await page.getByRole('dialog', { name: 'Video' }).getByRole('button', { name: 'Close' }).click();

  const { data } = (await api.call('GET', '/api/App/all/only/story/video?page=1&limit=20')) as {
    data: { _id: string }[];
  };
  const story = requestsOf(page);
  await page.goto(`/update/story/video/${data[0]!._id}`);
  const preview = page.getByLabel('Current media');
  await preview.evaluate((v: HTMLVideoElement) => v.play());
  await playing(preview);
  expect(story.some((p) => /^\/media\/stories\/[0-9a-f]{24}\.m3u8$/.test(p))).toBe(true);
  expect(story.some((p) => p.startsWith('/media/stories/') && p.endsWith('.ts'))).toBe(true);
  expect(story.some((p) => p.endsWith('.mp4'))).toBe(false);
});
