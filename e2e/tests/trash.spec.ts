import type { Page } from '@playwright/test';
import { adMessages } from '@streamdesk/contract/ad-units';
import { liveMatchMessages, webLiveAdMessages } from '@streamdesk/contract/live-matches';
import { notificationMessages } from '@streamdesk/contract/notifications';
import { storyMessages } from '@streamdesk/contract/stories';
import { trashMessages } from '@streamdesk/contract/trash';
import { answerCaptcha } from '../captcha.js';
import { expect, test } from '../fixtures.js';
import { rowButton } from './story-helpers.js';
import { shoot, shootWidths } from '../shots.js';

test.use({ serverFor: 'trash' });

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test('a deleted story comes back with Undo in the delete toast', async ({
  sessionPage: page,
  api,
  media,
}) => {
  const insertData = JSON.stringify({ btnName: 'Undo me', btnUrl: 'https://example.com/u' });
  const added = (await api.upload(
    'POST',
    '/api/App/Add/Story/Video',
    { insertData },
    { image: media.png },
  )) as {
    data: { _id: string };
  };
  await page.goto('/add/story/video');
  // The only story of this file's server: row 1.
  await expect(rowButton(page, 1, 'Delete')).toBeVisible();

  await rowButton(page, 1, 'Delete').click();
  await answerCaptcha(page, { confirm: 'Delete', title: 'Delete story' });
  const deleted = toast(page, storyMessages.deleted);
  await expect(deleted).toBeVisible();
  await expect(rowButton(page, 1, 'Delete')).toHaveCount(0);
  await shootWidths(page, 'trash-undo-toast');
  await deleted.getByRole('button', { name: 'Undo' }).click();

  await expect(toast(page, trashMessages.restored(1))).toBeVisible();
  await expect(rowButton(page, 1, 'Delete')).toBeVisible();
  const app = (await api.call('GET', '/api/App/stories', { admin: false })) as { data: { _id: string }[] };
  expect(app.data.map((s) => s._id)).toContain(added.data._id);
});

test('a deleted live match is found in Trash, restored into the app read, and another deleted forever', async ({
  sessionPage: page,
  api,
  media,
}) => {
  const add = async (title: string) =>
    (
      (await api.upload(
        'POST',
        '/api/App/liveMatch/admin',
        { title, url: 'https://stream.example.com/t' },
        { image: media.png },
      )) as { data: { _id: string } }
    ).data._id;
  const kept = await add('Trash Final');
  await add('Gone Final');
  const active = async () =>
    (
      (await api.call('GET', '/api/App/liveMatch/active', { admin: false })) as { data: { _id: string }[] }
    ).data.map((m) => m._id);
  expect(await active()).toContain(kept);

  await page.goto('/add/liveMatch');
  for (const title of ['Trash Final', 'Gone Final']) {
    await page.getByRole('button', { name: `Delete ${title}`, exact: true }).click();
    await answerCaptcha(page, { confirm: 'Delete' });
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  }
  await expect(toast(page, liveMatchMessages.deleted)).toBeVisible();
  expect(await active()).not.toContain(kept);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL('/trash');
  await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible();
  await page.getByLabel('Feature').selectOption({ label: 'live matches' });
  const table = page.getByRole('table', { name: 'Trash' });
  const row = table.getByRole('row').filter({ hasText: 'live match "Trash Final"' });
  await expect(row).toContainText('live matches');
  await expect(row).toContainText('30');
  await shootWidths(page, 'trash-screen');

  await row.getByRole('button', { name: 'Restore live match "Trash Final"' }).click();
  await expect(toast(page, trashMessages.restored(1))).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await active()).toContain(kept);

  await table
    .getByRole('row')
    .filter({ hasText: 'Gone Final' })
    .getByRole('button', { name: 'Delete forever live match "Gone Final"' })
    .click();
  await answerCaptcha(page, { confirm: 'Delete forever' });
  await expect(toast(page, trashMessages.purged(1))).toBeVisible();
  await expect(table.getByText('The trash is empty.')).toBeVisible();

  await page.goto('/add/liveMatch');
  await expect(page.getByRole('row').filter({ hasText: 'Trash Final' })).toHaveCount(1);
});

test('a deleted web live ad comes back with Undo; restored from Trash while its name is used, it is refused', async ({
  sessionPage: page,
  api,
}) => {
  const add = (a_name: string) =>
    api.call('POST', '/api/App/liveMatch/liveAdsWeb', {
      body: { a_name, a_url: 'https://undo.example.com' },
    });
  await add('UndoAd');
  await page.goto('/add/liveMatch/liveAdWeb');
  const row = page.getByRole('row').filter({ hasText: 'UndoAd' });
  const remove = async () => {
    await row.getByRole('button', { name: 'Delete UndoAd' }).click();
    await answerCaptcha(page, { confirm: 'Delete' });
    await expect(row).toHaveCount(0);
  };
  await remove();
  const deleted = toast(page, webLiveAdMessages.deleted);
  await shootWidths(page, 'trash-web-live-ad-undo');
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, trashMessages.restored(1))).toBeVisible();
  await expect(row).toHaveCount(1);

  await remove();
  await add('UndoAd');
  await page.goto('/trash');
  const entry = page
    .getByRole('table', { name: 'Trash' })
    .getByRole('row')
    .filter({ hasText: 'web live ad "UndoAd"' });
  await entry.getByRole('button', { name: 'Restore web live ad "UndoAd"' }).click();
  await expect(toast(page, trashMessages.webAdNameTaken('UndoAd'))).toBeVisible();
  await expect(entry).toHaveCount(1);
});

test('a deleted fire comes back with Undo; a deleted notification is listed in Trash by its title and restored', async ({
  sessionPage: page,
  api,
}) => {
  await api.call('POST', '/api/App/LiveMatch/admin/ads/fire', {
    body: { Adstype: 'Url_Ads_Fire', a_name: 'WEB_URL_1', url: '' },
  });
  await page.goto('/add/liveMatch/liveAdWeb/history');
  const fires = page
    .getByRole('table', { name: 'Fired ads' })
    .getByRole('row')
    .filter({ hasText: 'WEB_URL_1' });
  await expect(fires).toHaveCount(1);
  await page.getByRole('checkbox', { name: /^Select WEB_URL_1 fired/ }).check();
  await page.getByRole('button', { name: 'Delete selected (1)' }).click();
  await answerCaptcha(page, { confirm: 'Delete' });
  await expect(fires).toHaveCount(0);
  await toast(page, webLiveAdMessages.historyDeleted).getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, trashMessages.restored(1))).toBeVisible();
  await expect(fires).toHaveCount(1);

  await api.upload('POST', '/api/App/notification/send', { title: 'Trash me', message: 'At 8' }, {});
  await page.goto('/notification');
  const sent = page
    .getByRole('table', { name: 'Notification history' })
    .getByRole('row')
    .filter({ hasText: 'Trash me' });
  await sent.getByRole('button', { name: 'Delete Trash me' }).click();
  await answerCaptcha(page, { confirm: 'Delete' });
  await expect(toast(page, notificationMessages.deleted).getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(sent).toHaveCount(0);

  await page.goto('/trash');
  await page.getByLabel('Feature').selectOption({ label: 'notifications' });
  const entry = page
    .getByRole('table', { name: 'Trash' })
    .getByRole('row')
    .filter({ hasText: 'notification "Trash me"' });
  await shootWidths(page, 'trash-notification');
  await entry.getByRole('button', { name: 'Restore notification "Trash me"' }).click();
  await expect(toast(page, trashMessages.restored(1))).toBeVisible();
  await page.goto('/notification');
  await expect(sent).toHaveCount(1);
});

test('an ad unit deleted from its edit row goes to the trash, and Undo in the toast brings it back', async ({
  sessionPage: page,
  api,
}) => {
  await api.call('POST', '/api/ios/ads/native/add', {
    body: { a_name: 'TrashUnit', a_id: 'ca-app-pub-1/2', a_description: 'Home feed' },
  });
  await page.goto('/manage/ads/ios/nativeAds/add');
  const row = page
    .getByRole('table', { name: 'Apple Native Ads' })
    .getByRole('row')
    .filter({ hasText: 'TrashUnit' });
  await row.getByRole('button', { name: 'Edit' }).click();
  await row.getByRole('button', { name: 'Delete' }).click();
  await answerCaptcha(page, { confirm: 'Delete' });
  await expect(row).toHaveCount(0);
  const deleted = toast(page, adMessages.deleted);
  await shootWidths(page, 'trash-ad-unit-undo');
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, trashMessages.restored(1))).toBeVisible();
  await expect(row).toHaveCount(1);
  const config = (await api.call('GET', '/api/App/ads/config?platform=ios', { admin: false })) as {
    data: { native: { a_name: string }[] };
  };
  expect(config.data.native.map((a) => a.a_name)).toContain('TrashUnit');
});

test('a deleted website ad is gone from its list and the app, found in Trash, restored and listed again', async ({
  sessionPage: page,
  api,
}) => {
  await api.call('POST', '/api/App/ads/webads/add', {
    body: { a_name: 'TrashWeb', a_id: 'https://example.org/trash', a_description: 'Promo' },
  });
  const appWebAds = async () =>
    (
      (await api.call('GET', '/api/App/ads/config?platform=android', { admin: false })) as {
        data: { web: { a_name: string }[] };
      }
    ).data.web.map((a) => a.a_name);
  expect(await appWebAds()).toContain('TrashWeb');

  await page.goto('/manage/ads/webAds/add');
  const row = page
    .getByRole('table', { name: 'Androind Website Ads' })
    .getByRole('row')
    .filter({ hasText: 'TrashWeb' });
  await row.getByRole('button', { name: 'Edit' }).click();
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
    'You are about to delete the ad TrashWeb.',
  );
  await answerCaptcha(page, { confirm: 'Delete' });
  await expect(row).toHaveCount(0);
  await expect(toast(page, adMessages.deleted).getByRole('button', { name: 'Undo' })).toBeVisible();
  await shoot(page, 'trash-website-ad-deleted', { fullPage: false });
  expect(await appWebAds()).not.toContain('TrashWeb');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL('/trash');
  await page.getByLabel('Feature').selectOption({ label: 'ads' });
  const entry = page
    .getByRole('table', { name: 'Trash' })
    .getByRole('row')
    .filter({ hasText: 'Android website ad "TrashWeb"' });
  await expect(entry).toContainText('30');
  // Off the side navigation, which the pointer left open after the click (for the picture only).
  await page.mouse.move(800, 600);
  await page.waitForTimeout(600);
  await shoot(page, 'trash-website-ad-in-trash', { fullPage: false });
  await entry.getByRole('button', { name: 'Restore Android website ad "TrashWeb"' }).click();
  await expect(toast(page, trashMessages.restored(1))).toBeVisible();
  await expect(entry).toHaveCount(0);
  expect(await appWebAds()).toContain('TrashWeb');

  await page.goto('/manage/ads/webAds/add');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('https://example.org/trash');
});
