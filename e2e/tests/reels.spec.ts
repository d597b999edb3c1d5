import { mediaMessages } from '@streamdesk/contract/media';
import { reelMessages, reelRoutes } from '@streamdesk/contract/reels';
import { expectInView } from './layout-helpers.js';
import { expect, test, type Api } from '../fixtures.js';
import { setControllerFlag } from '../controller-flags.js';
import { answerCaptcha } from '../captcha.js';
import { shoot } from '../shots.js';

type Listed = { data: { _id: string }[]; total: number };

async function clearReels(api: Api) {
  for (;;) {
    const list = (await api.call('GET', `${reelRoutes.list.path}?page=1&limit=1000`, {
      admin: false,
    })) as Listed;
    if (!list.data.length) return;
    await api.call('DELETE', reelRoutes.remove.path, { body: { id: list.data.map((r) => r._id) } });
  }
}

test.describe('Reels page', () => {
  test.beforeEach(async ({ api }) => {
    await clearReels(api);
    await setControllerFlag(api, 'reels', false);
  });

  test('upload a real MP4, see its thumbnail, play it, delete through the captcha', async ({
    sessionPage: page,
    media,
    api,
  }) => {
    // Reached from the Story section's tabs, as an admin finds it.
    await page.goto('/add/story/video');
    await page
      .getByRole('navigation', { name: 'Story section' })
      .getByRole('link', { name: 'Reels' })
      .click();
    await expect(page).toHaveURL(/\/story\/add\/reels$/);
    await expect(page.getByRole('heading', { name: 'Story Reels' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Story section' }).getByRole('link', { name: 'Reels' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Not Running')).toBeVisible();
    await setControllerFlag(api, 'reels', true);
    await page.reload();
    await expect(page.getByText('Running', { exact: true })).toBeVisible();
    await setControllerFlag(api, 'reels', false);
    await page.reload();
    await expect(page.getByText('No reels yet')).toBeVisible();

    const form = page.getByRole('form', { name: 'Upload reel' });
    await form.getByLabel('Reel video').setInputFiles(media.png);
    await expect(page.getByText(mediaMessages.video)).toBeVisible();
    await expect(form.getByRole('img', { name: 'File refused' })).toBeVisible();

    // A file the browser takes for an MP4 but the server cannot play: the toast gives the server's reason.
    await form.getByLabel('Reel video').setInputFiles(media.brokenMp4);
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(mediaMessages.unreadableVideo)).toBeVisible();
    await expect(page.getByText(/HTTP Error/)).toHaveCount(0);

    await form.getByLabel('Reel video').setInputFiles(media.mp4);
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(reelMessages.added)).toBeVisible();
    // The form is emptied and the upload ends on the spec's tick (after its 1 s delay).
    await expect(form.getByLabel('Reel video')).toHaveValue('');
    await expect(form.getByRole('img', { name: 'Upload complete' })).toBeVisible();

    const table = page.getByRole('table', { name: 'Story Reels' });
    const thumb = table.getByRole('img', { name: 'Reel 1 thumbnail' });
    await expect
      .poll(() => thumb.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    await shoot(page, 'reels-desktop');

    // Not processed on this server (no ffmpeg runs beside the suite): queued, and it plays its MP4.
    await expect(table.getByText('Queued', { exact: true })).toBeVisible();
    await table.getByRole('button', { name: 'Play reel 1' }).click();
    const player = page.getByRole('dialog', { name: 'Reel 1' });
    const video = player.locator('video');
    await expect(video).toHaveAttribute('src', /\/media\/reels\/[0-9a-f]{24}\.mp4$/);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2)).toBe(true);
    await shoot(page, 'media-reel-player', { fullPage: false });
    await player.getByRole('button', { name: 'Close' }).click();
    await expect(player).toBeHidden();

    await table.getByRole('button', { name: 'Delete reel 1' }).click();
    await expect(page.getByText('You are about to delete Reel.')).toBeVisible();
    await answerCaptcha(page, { wrong: true });
    await expect(page.getByText('Captcha answer is not correct')).toBeVisible();
    await answerCaptcha(page);
    await expect(page.getByText(reelMessages.deleted)).toBeVisible();
    await expect(page.getByText('No reels yet')).toBeVisible();
  });

  test('pages 20 per page, bulk select and delete', async ({ sessionPage: page, media, api }) => {
    const clips = [media.mp4, media.mp4b, media.mp4c];
    for (let i = 0; i < 21; i++) await api.upload('POST', reelRoutes.add.path, {}, { video: clips[i % 3]! });
    await page.goto('/story/add/reels');
    const table = page.getByRole('table', { name: 'Story Reels' });
    await expect(table.getByRole('row')).toHaveCount(21);
    await expect(page.getByText('21 reels', { exact: true })).toBeVisible();
    await expect(page.getByText('Showing 1–20 of 21 reels')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    // On a phone each row is a card (docs/decisions/0060): its Click line and its actions lie on the screen.
    await expectInView(
      page,
      table,
      // The card's Click line (its label is drawn, not part of the cell's name).
      table.locator('td[data-label="Click"]').first(),
      table.getByRole('button', { name: 'Delete reel 1', exact: true }),
    );
    await shoot(page, 'reels-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('img', { name: 'Reel 21 thumbnail' })).toBeVisible();

    await shoot(page, 'reels-page-2');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(table.getByRole('img', { name: 'Reel 1 thumbnail' })).toBeVisible();
    await table.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Delete selected (20)' }).click();
    await expect(page.getByText('You are about to delete 20 Reels.')).toBeVisible();
    await answerCaptcha(page);
    await expect(page.getByText('20 reels deleted successfully')).toBeVisible();
    await expect(page.getByText('1 reel', { exact: true })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
  });
});
