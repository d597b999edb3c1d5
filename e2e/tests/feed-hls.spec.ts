import { ANDROID_PHONE } from '../android-phone.mjs';
import { expect, test } from '../fixtures.js';
import { seedCategory, seedVideos } from './video-helpers.js';

// The public feed plays a processed video's HLS ladder with hls.js (docs/decisions/0044-video-processing.md).
test.use({
  serverFor: 'feed-hls',
  videoJobs: 1,
  ...ANDROID_PHONE,
});

test('the feed plays a processed video from its HLS playlists and segments', async ({ page, api, media }) => {
  // The ladder is made first, by ffmpeg on a loaded machine.
  test.setTimeout(90_000);
  const category = await seedCategory(api, media);
  const [id] = await seedVideos(api, media, category._id, 1);
  await api.call('PUT', '/api/App/video/web/status', { body: { id: [id], status: true } });
  // The server's queue makes the ladder with ffmpeg.
  await expect
    .poll(
      async () => {
        const list = await api.call('GET', `/api/App/video/category/admin/${category._id}`);
        return (list.data as { state: string }[])[0]?.state;
      },
      { timeout: 40_000 },
    )
    .toBe('ready');

  const requested: string[] = [];
  page.on('request', (r) => void requested.push(new URL(r.url()).pathname));
  await page.goto('/site/');
  const feed = page.waitForResponse((r) => r.url().includes('/api/App/video/category/client?page=1'));
  await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'Continue' }).click();
  const item = ((await (await feed).json()) as { data: { _id: string; hls: string }[] }).data[0]!;
  expect(item.hls).toMatch(/^\/media\/videos\/[0-9a-f]{24}\.m3u8$/);

  const video = page.locator('video[data-index="0"]');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  // The master playlist, a rendition's playlist and its segments (byte ranges of one .ts), not the MP4.
  expect(requested).toContain(item.hls);
  expect(requested.filter((p) => p.endsWith('.m3u8')).length).toBeGreaterThanOrEqual(2);
  expect(requested.some((p) => p.endsWith('.ts'))).toBe(true);
  expect(requested.some((p) => p.endsWith('.mp4'))).toBe(false);
  // hls.js's media source (or the browser's own HLS, where it has one).
  await expect(video).toHaveAttribute('src', /^blob:|\.m3u8$/);
});
