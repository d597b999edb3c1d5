import type { Locator, Page } from '@playwright/test';
import { notificationRoutes as routes } from '@streamdesk/contract/notifications';
import { expect, test } from '../fixtures.js';
import { openLibraryWith } from './video-helpers.js';
import { shoot } from '../shots.js';

// Its own server: the notifications spec expects an empty history at its start.
test.use({ serverFor: 'images-that-fail' });

const offline = 'You are offline. Changes cannot be saved until the connection is back.';

/** The image has arrived and decoded: the browser knows its pixel size. */
const expectLoaded = (img: Locator) =>
  expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);

/** The connection drops and comes back, as on a phone hotspot; the app says so meanwhile. */
async function dropConnection(page: Page) {
  await page.context().setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: offline })).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: offline })).toHaveCount(0);
}

test('a notification icon that fails shows a placeholder of its size, and loads once the connection is back', async ({
  signedInPage: page,
  api,
  media,
}) => {
  const sent = await api.upload(
    'POST',
    routes.send.path,
    { title: 'Hotspot drop', message: 'Icon lost on the way' },
    { image: media.png },
  );
  const iconUrl = (sent.data as { n_icon: string }).n_icon;
  expect(iconUrl).toMatch(/^\/media\//);
  // The icon's request fails as it does when the connection is down.
  await page.route(`**${iconUrl}`, (route) => route.abort('internetdisconnected'));
  await page.goto('/notification');

  const row = page
    .getByRole('table', { name: 'Notification history' })
    .getByRole('row')
    .filter({ hasText: 'Hotspot drop' });
  const placeholder = row.getByRole('img', { name: 'Icon of Hotspot drop (image not loaded)' });
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toHaveAttribute('title', 'The image could not be loaded');
  // The icon's box (size-10), not a collapsed or stretched one.
  expect(await placeholder.boundingBox()).toMatchObject({ width: 40, height: 40 });
  await row.scrollIntoViewIfNeeded();
  await shoot(page, `images-that-fail-placeholder`, { fullPage: false });
  await shoot(placeholder, `images-that-fail-placeholder-close`, { fullPage: false });

  // The connection comes back: the icon is fetched again, without a reload.
  await page.unroute(`**${iconUrl}`);
  await dropConnection(page);
  const icon = row.getByRole('img', { name: 'Icon of Hotspot drop', exact: true });
  await expect(icon).toBeVisible();
  await expectLoaded(icon);
  await expect(placeholder).toHaveCount(0);
});

test('a video thumbnail that fails keeps its own placeholder, and loads once the connection is back', async ({
  signedInPage: page,
  api,
  media,
}) => {
  await page.route('**/media/videos/*.jpg', (route) => route.abort('internetdisconnected'));
  await openLibraryWith(page, api, media, 1);
  await expect(page.getByRole('img', { name: 'Thumbnail of Video 1 (no thumbnail)' })).toBeVisible();

  await page.unroute('**/media/videos/*.jpg');
  await dropConnection(page);
  const thumbnail = page.getByRole('img', { name: 'Thumbnail of Video 1', exact: true });
  await expectLoaded(thumbnail);
  await expect(page.getByRole('img', { name: 'Thumbnail of Video 1 (no thumbnail)' })).toHaveCount(0);
});
