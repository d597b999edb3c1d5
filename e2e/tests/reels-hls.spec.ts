import { reelRoutes } from '@streamdesk/contract/reels';
import { expect, test } from '../fixtures.js';
import { shoot } from '../shots.js';

// A processed reel plays its HLS ladder in the reels page's player (docs/decisions/0059).
test.use({ serverFor: 'reels-hls', videoJobs: 1 });

test('a processed reel plays from its HLS playlists and segments, not its MP4', async ({
  signedInPage: page,
  api,
  media,
}) => {
  // The ladder is made first, by ffmpeg on a loaded machine.
  test.setTimeout(90_000);
  await api.upload('POST', reelRoutes.add.path, {}, { video: media.mp4 });
  await expect
    .poll(
      async () => {
        const list = await api.call('GET', `${reelRoutes.list.path}?page=1&limit=20`, { admin: false });
        return (list.data as { state: string }[])[0]?.state;
      },
      { timeout: 40_000 },
    )
    .toBe('ready');

  const requested: string[] = [];
  page.on('request', (r) => void requested.push(new URL(r.url()).pathname));
  await page.goto('/story/add/reels');
  const table = page.getByRole('table', { name: 'Story Reels' });
  await expect(table.getByRole('img', { name: 'Reel 1 thumbnail' })).toBeVisible();
  // A ready reel shows no state: the list looks as it did before processing.
  await expect(table.getByText(/^(Queued|Processing \d+%|Failed)$/)).toHaveCount(0);
  await table.getByRole('button', { name: 'Play reel 1' }).click();
  const video = page.getByRole('dialog', { name: 'Reel 1' }).locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  expect(requested.some((p) => /^\/media\/reels\/[0-9a-f]{24}\.m3u8$/.test(p))).toBe(true);
  expect(requested.some((p) => p.endsWith('.ts'))).toBe(true);
  expect(requested.some((p) => p.endsWith('.mp4'))).toBe(false);
  await expect(video).toHaveAttribute('src', /^blob:|\.m3u8$/);
  await shoot(page, 'media-reel-hls', { fullPage: false });
});
