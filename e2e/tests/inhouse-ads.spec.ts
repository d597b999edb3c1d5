import { readdirSync } from 'node:fs';
import path from 'node:path';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { inHouseMessages, inHouseRoutes } from '@streamdesk/contract/inhouse-ads';
import { brokenImageMessage } from '@streamdesk/contract/media-sniff';
import type { Page } from '@playwright/test';
import { expect, test, type Api } from '../fixtures.js';
import { answerCaptcha } from '../captcha.js';
import { setControllerFlag } from '../controller-flags.js';
import { expectInView, expectNoPageOverflow, WIDTHS } from './layout-helpers.js';
import { shoot } from '../shots.js';

const LIST = '/manage/ads/inHouseAds/add';
const API = '/api/App/inhouse/ads';

type Ad = { _id: string; mainTitle: string };

async function seed(
  api: Api,
  files: { icon: string; image?: string; video?: string },
  over: Record<string, string> = {},
) {
  const fields = {
    mainTitle: 'Seeded',
    subTitle: 'Seeded subtitle',
    description: 'Seeded description',
    callToAction: 'https://example.com/seeded',
    web_stay_time: '3',
    ...over,
  };
  const media: Record<string, string> = { icon: files.icon };
  if (files.image) media.image = files.image;
  if (files.video) media.video = files.video;
  const body = await api.upload('POST', API, fields, media);
  expect(body.status).toBe(true);
  return body.data as Ad;
}

async function clearAll(api: Api) {
  const list = await api.call('GET', `${API}?a=true&limit=1000`);
  const ids = (list.data as Ad[]).map((a) => a._id);
  if (ids.length) await api.call('DELETE', API, { body: { id: ids }, seal: true });
}

const table = (page: Page) => page.getByRole('table', { name: 'In-house ads' });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Records the text of each toast the page adds from now on. A success toast is up for 2 s, and on a busy
 * machine the page can be busy for longer just then (a bulk delete's 100 rows going: the one row left
 * loaded its image 12 s after the list at load 22), so a check of what is visible can miss a toast that
 * was shown. Answers the texts so far.
 */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const shown: string[] = [];
    (window as unknown as { toastsShown: string[] }).toastsShown = shown;
    new MutationObserver((records) => {
      for (const record of records)
        record.addedNodes.forEach((node) => {
          if (!(node instanceof HTMLElement)) return;
          const toasts = Array.from(node.querySelectorAll('[data-sonner-toast]'));
          if (node.matches('[data-sonner-toast]')) toasts.unshift(node);
          for (const el of toasts) shown.push(el.textContent ?? '');
        });
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsShown: string[] }).toastsShown);
}

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ api }) => {
  await clearAll(api);
  await setControllerFlag(api, 'inHouseAds', false);
});

test('create with a real PNG icon and image, refuse a fake one, search, preview and toggle status', async ({
  sessionPage: page,
  media,
  api,
}) => {
  await page.goto(LIST);
  await expect(page.getByRole('heading', { name: 'In House Ads' })).toBeVisible();
  await expect(page.getByText('Not Running')).toBeVisible();
  await expect(page.getByRole('link', { name: 'In House Ads' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Page 01 of 01')).toBeVisible();

  await page.getByRole('button', { name: 'Create New Ad' }).click();
  const form = page.getByRole('form', { name: 'Create New Ad' });
  const upload = form.getByRole('button', { name: 'Upload' });
  await expect(upload).toBeDisabled();
  await expect(form.getByText(inHouseMessages.selectFiles)).toBeVisible();

  // A text file named .png passes the browser's type check; the picker reads its bytes, as the server
  // would, and refuses it; so it does a PNG cut in half. Upload waits for a whole icon.
  await form.getByLabel('Icon').setInputFiles(media.notAnImage);
  await expect(toast(page, inHouseMessages.imageType)).toBeVisible();
  await form.getByLabel('Image').setInputFiles(media.png);
  await form.getByLabel('Call to action URL').fill('https://example.com/install');
  await expect(form.getByLabel('Icon')).toHaveValue('');
  await expect(upload).toBeDisabled();
  await form.getByLabel('Icon').setInputFiles(media.cutPng);
  await expect(toast(page, brokenImageMessage('truncated', inHouseMessages.imageType))).toBeVisible();
  await expect(form.getByLabel('Icon')).toHaveValue('');
  await expect(upload).toBeDisabled();

  await form.getByLabel('Icon').setInputFiles(media.png);
  await form.getByLabel('Web stay time (seconds)').fill('0');
  await upload.click();
  await expect(toast(page, inHouseMessages.stayTime)).toBeVisible();
  await form.getByLabel('Web stay time (seconds)').fill('8');
  await form.getByLabel('Call to action URL').fill('');
  await upload.click();
  await expect(toast(page, inHouseMessages.callToActionRequired)).toBeVisible();
  await form.getByLabel('Call to action URL').fill('https://example.com/install');
  await shoot(page, 'inhouse-ads-create-form');
  await upload.click();
  await expect(toast(page, 'Upload successful!')).toBeVisible();
  await expect(form).toBeHidden();
  const row = table(page).getByRole('row').filter({ hasText: 'Ad-1' });
  await expect(row).toContainText('FS Web');
  await expect(row).toContainText('8s');
  await expect(row).toContainText('Active');
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');

  // Two more, seeded through the API: an image and a video.
  await seed(api, { icon: media.gif, image: media.jpeg }, { mainTitle: 'Banana split promo' });
  await seed(api, { icon: media.png, video: media.mp4 }, { mainTitle: 'Cherry video' });
  await page.reload();
  await expect(table(page).getByRole('row')).toHaveCount(4);
  await shoot(page, 'inhouse-ads-list');

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('banana');
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(table(page)).toContainText('Banana split promo');
  await search.fill('');
  await expect(table(page).getByRole('row')).toHaveCount(4);

  await page.getByRole('button', { name: 'Preview media of Banana split promo' }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Preview: Banana split promo' });
  await expect(imageDialog.getByRole('img', { name: 'Banana split promo' })).toBeVisible();
  await imageDialog.getByRole('button', { name: 'Close' }).click();
  await expect(imageDialog).toBeHidden();

  await page.getByRole('button', { name: 'Preview media of Cherry video' }).click();
  const videoDialog = page.getByRole('dialog', { name: 'Preview: Cherry video' });
  const video = videoDialog.locator('video');
  await videoDialog.getByRole('button', { name: 'Play' }).click();
  await expect(videoDialog.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  await videoDialog.getByRole('button', { name: 'Unmute' }).click();
  await expect(video).toHaveJSProperty('muted', false);
  await shoot(page, 'inhouse-ads-preview-video');
  await videoDialog.getByRole('button', { name: 'Pause' }).click();
  await expect(video).toHaveJSProperty('paused', true);
  await videoDialog.getByRole('button', { name: 'Play' }).click();
  await page.keyboard.press('Escape');
  await expect(videoDialog).toBeHidden();
  await expect(page.locator('video')).toHaveCount(0);

  await page.getByRole('switch', { name: 'Status of Ad-1' }).click();
  // A status switch asks first, as every list row's does (0055).
  await answerCaptcha(page, { confirm: 'Confirm', title: 'Change status' });
  await expect(toast(page, 'Status updated successfully!')).toBeVisible();
  await expect(row).toContainText('Inactive');
  await expect(page.getByRole('switch', { name: 'Status of Ad-1' })).not.toBeChecked();
  const appSide = await api.call('GET', `${API}/active`, { admin: false });
  expect((appSide.data as Ad[]).map((a) => a.mainTitle).sort()).toEqual([
    'Banana split promo',
    'Cherry video',
  ]);

  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'inhouse-ads-list-375');
});

test('a double click on Upload makes one ad, closes the form and says so once', async ({
  sessionPage: page,
  media,
  api,
}) => {
  await page.goto(LIST);
  await page.getByRole('button', { name: 'Create New Ad' }).click();
  const form = page.getByRole('form', { name: 'Create New Ad' });
  await form.getByLabel('Icon').setInputFiles(media.png);
  await form.getByLabel('Image').setInputFiles(media.png);
  await form.getByLabel('Call to action URL').fill('https://example.com/double');
  const posts: number[] = [];
  page.on('response', (res) => {
    if (res.request().method() === 'POST' && new URL(res.url()).pathname === API) posts.push(res.status());
  });
  await form.getByRole('button', { name: 'Upload' }).dblclick();

  await expect(toast(page, 'Upload successful!')).toHaveCount(1);
  await expect(form).toBeHidden();
  await expect(table(page).getByRole('row')).toHaveCount(2);
  // The second click was answered with the first's reply, not sent: no 'still being saved' refusal.
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
  expect(posts).toEqual([200]);
  const list = await api.call('GET', `${API}?a=true&limit=1000`);
  expect((list.data as Ad[]).map((a) => a.mainTitle)).toEqual(['Ad-1']);
});

test('edit and update, with the header counts and the preview tabs; a missing ad goes back to the list', async ({
  sessionPage: page,
  media,
  api,
}) => {
  const ad = await seed(
    api,
    { icon: media.png, image: media.jpeg },
    { mainTitle: 'Old title', web_stay_time: '1500' },
  );
  await page.goto(LIST);
  await page.getByRole('link', { name: 'Edit Old title' }).click();
  await expect(page).toHaveURL(`/manage/ads/inHouseAds/edit/${ad._id}`);
  await expect(page.getByRole('heading', { name: 'Edit In House Ad' })).toBeVisible();
  await expect(page.getByText('Views', { exact: true })).toBeVisible();
  await expect(page.getByText('1.5K sec')).toBeVisible();

  const preview = page.getByRole('region', { name: 'Ad preview' });
  await expect(preview.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await preview.getByRole('tab', { name: 'Icon' }).click();
  await expect(preview.getByRole('img', { name: 'Ad icon' })).toBeVisible();
  await preview.getByRole('tab', { name: 'Image' }).click();
  await expect(preview.getByRole('img', { name: 'Old title' })).toBeVisible();
  await preview.getByRole('tab', { name: 'All' }).click();

  await page.getByLabel('Title', { exact: true }).fill('New title');
  await expect(preview).toContainText('New title');
  await page.getByLabel('Web stay time (seconds)').fill('0');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, inHouseMessages.stayTime)).toBeVisible();
  await page.getByLabel('Web stay time (seconds)').fill('12');
  await page.getByLabel('Button name').fill('Get it');
  await page.getByLabel('New image').setInputFiles(media.gif);
  await shoot(page, 'inhouse-ads-edit');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'inhouse-ads-edit-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Update asks the arithmetic confirmation; a wrong answer saves nothing (the reload shows the old title).
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
    'You are about to update in-house ad "Old title". To confirm, please solve this math problem',
  );
  await answerCaptcha(page, { wrong: true, confirm: 'Confirm' });
  await expect(toast(page, inHouseMessages.captchaWrong)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Old title');
  await expect(page.getByLabel('Web stay time (seconds)')).toHaveValue('1500');

  await page.getByLabel('Title', { exact: true }).fill('New title');
  await page.getByLabel('Web stay time (seconds)').fill('12');
  await page.getByLabel('Button name').fill('Get it');
  await page.getByLabel('New image').setInputFiles(media.gif);
  await page.getByRole('button', { name: 'Update' }).click();
  await answerCaptcha(page, { confirm: 'Confirm' });
  await expect(toast(page, 'Updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(LIST);
  const row = table(page).getByRole('row').filter({ hasText: 'New title' });
  await expect(row).toContainText('12s');
  const saved = await api.call('GET', `${API}/data/${ad._id}`);
  expect(saved.data).toMatchObject({ mainTitle: 'New title', btnName: 'Get it', web_stay_time: 12 });

  await page.getByRole('link', { name: 'Edit New title' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(LIST);

  await page.goto('/manage/ads/inHouseAds/edit/ffffffffffffffffffffffff');
  await expect(toast(page, inHouseMessages.loadFailed)).toBeVisible();
  await expect(page).toHaveURL(LIST);
});

test('pages of 100 with row numbers, then bulk delete of the page through the captcha', async ({
  sessionPage: page,
  media,
  api,
}) => {
  for (let i = 1; i <= 101; i++)
    await seed(
      api,
      { icon: media.png, image: media.png },
      { mainTitle: `Bulk ${String(i).padStart(3, '0')}` },
    );
  await page.goto(LIST);
  await expect(page.getByText('Page 01 of 02')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(table(page).getByRole('row')).toHaveCount(101);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 02 of 02')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  const only = table(page).getByRole('row').nth(1);
  await expect(only).toContainText('Bulk 001');
  await expect(only.getByRole('cell').nth(1)).toHaveText('101');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 01 of 02')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByRole('checkbox', { name: 'Select Bulk 101' })).toBeChecked();
  await page.getByRole('button', { name: 'Delete selected (100)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete in-house ads' });
  await expect(dialog).toContainText('100 in-house ads');
  await dialog.getByLabel('Answer').fill('999');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Incorrect answer to the captcha.')).toBeVisible();
  const problem = (await dialog.getByTestId('math-problem').textContent()) ?? '';
  const [a, b] = problem.match(/\d+/g)!.map(Number);
  await dialog.getByLabel('Answer').fill(String(a! + b!));
  await shoot(page, 'inhouse-ads-captcha', { fullPage: false });
  // The delete is slowed here: while it is in flight, the selection cannot be sent again.
  await page.route(`**${inHouseRoutes.remove.path}`, async (route) => {
    if (route.request().method() === 'DELETE') await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const toastsShown = await recordToasts(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Delete selected (100)' })).toBeDisabled();
  await expect.poll(toastsShown).toEqual([expect.stringContaining(inHouseMessages.deleted)]);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Page 01 of 01')).toBeVisible();
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(table(page)).toContainText('Bulk 001');
  await expect(page.getByRole('button', { name: /Delete selected/ })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked();
});

test('a long title: the list cuts it with a tooltip, the edit page fits every screen', async ({
  sessionPage: page,
  media,
  api,
}) => {
  const title = 'Champions Trophy Grand Final Highlights Extended Cut With Commentary In Three Lang';
  const subTitle = 'Subtitle that is also quite long so that it wraps somewhere in the cell';
  const ad = await seed(api, { icon: media.png, image: media.png }, { mainTitle: title, subTitle });
  await page.goto(LIST);
  const row = table(page).getByRole('row').filter({ hasText: title });
  await expect(row.getByText(title, { exact: true })).toHaveAttribute('title', title);
  await expect(row.getByText(subTitle, { exact: true })).toHaveAttribute('title', subTitle);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectInView(page, table(page), row.getByRole('link', { name: `Edit ${title}` }));
  }

  // Closing the preview gives focus back to the media button that opened it.
  await page.setViewportSize({ width: 1280, height: 800 });
  const opener = row.getByRole('button', { name: `Preview media of ${title}` });
  await opener.click();
  await page
    .getByRole('dialog', { name: `Preview: ${title}` })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(opener).toBeFocused();

  await page.goto(`/manage/ads/inHouseAds/edit/${ad._id}`);
  const preview = page.getByRole('region', { name: 'Ad preview' });
  await expect(preview.getByText(title, { exact: true })).toHaveAttribute('title', title);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoPageOverflow(page);
  }
});

test('an edit saved after another admin changed the ad in another page is refused, its image not kept', async ({
  signedInPage: page,
  media,
  api,
  server,
}) => {
  const ad = await seed(api, { icon: media.png, image: media.jpeg }, { mainTitle: 'Conflict' });
  const folder = path.join(server.dataDir, 'media', 'inhouse-ads');
  const files = () => readdirSync(folder).sort();
  // This page changes the title and picks a new image; another admin's page changes the URL first.
  await page.goto(`/manage/ads/inHouseAds/edit/${ad._id}`);
  await page.getByLabel('Title', { exact: true }).fill('Mine');
  await page.getByLabel('New image').setInputFiles(media.gif);

  const other = await page.context().newPage();
  await other.goto(`/manage/ads/inHouseAds/edit/${ad._id}`);
  await other.getByLabel('Call to action URL').fill('https://example.com/changed-by-b');
  await other.getByRole('button', { name: 'Update' }).click();
  await answerCaptcha(other, { confirm: 'Confirm' });
  await expect(toast(other, 'Updated successfully!')).toBeVisible();
  await other.close();
  const before = files();

  await page.getByRole('button', { name: 'Update' }).click();
  await answerCaptcha(page, { confirm: 'Confirm' });
  const refusal = editVersionMessages.changed('in-house ad');
  await expect(toast(page, refusal)).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: refusal });
  await expect(alert).toBeVisible();
  // The admin's values stay on the page; Update is held until the ad is reloaded.
  await expect(page).toHaveURL(`/manage/ads/inHouseAds/edit/${ad._id}`);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Mine');
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await shoot(page, 'inhouse-ads-edit-conflict');
  const stored = async () => (await api.call('GET', `${API}/data/${ad._id}`)).data;
  expect(await stored()).toMatchObject({
    mainTitle: 'Conflict',
    callToAction: 'https://example.com/changed-by-b',
  });
  // The refused edit's image was not kept.
  expect(files()).toEqual(before);

  await alert.getByRole('button', { name: 'Reload the ad' }).click();
  await expect(page.getByLabel('Call to action URL')).toHaveValue('https://example.com/changed-by-b');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Conflict');
  await expect(page.getByRole('alert').filter({ hasText: refusal })).toHaveCount(0);
  await page.getByLabel('Title', { exact: true }).fill('Mine');
  await page.getByLabel('New image').setInputFiles(media.gif);
  await page.getByRole('button', { name: 'Update' }).click();
  await answerCaptcha(page, { confirm: 'Confirm' });
  await expect(toast(page, 'Updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(LIST);
  expect(await stored()).toMatchObject({
    mainTitle: 'Mine',
    callToAction: 'https://example.com/changed-by-b',
    medView: expect.stringMatching(/\.gif$/),
  });
});
