import type { Page } from '@playwright/test';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import {
  fireHistoryDeletedMessage,
  liveMatchesDeletedMessage,
  liveMatchMessages,
  webLiveAdMessages,
} from '@streamdesk/contract/live-matches';
import { trashMessages } from '@streamdesk/contract/trash';
import { answerCaptcha } from '../captcha.js';
import { expect, test } from '../fixtures.js';
import { setControllerFlag } from '../controller-flags.js';
import { listImageWidth } from './image-helpers.js';
import { addLiveMatch } from './live-match-helpers.js';
import {
  expectFileInputWhole,
  expectFitsBox,
  expectInside,
  expectInView,
  expectNoPageOverflow,
  scrollToEnd,
  WIDTHS,
} from './layout-helpers.js';
import { shoot, shootWidths } from '../shots.js';
import { typedInZone as inZone } from '../zoned-time.js';

const LIVE_HOST = 'https://live.example.com';

/** Solves the arithmetic confirmation (its button is Confirm here) and waits for it to close. */
async function confirmMath(page: Page) {
  await answerCaptcha(page, { confirm: 'Confirm' });
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toBeHidden();
}

/** Solves a delete's confirmation (its red button is Delete, as every list's) and waits for it to close. */
async function confirmDelete(page: Page) {
  await answerCaptcha(page, { confirm: 'Delete' });
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toBeHidden();
}

/** An update asks the confirmation in the spec's words; a wrong answer toasts and leaves the dialog open. */
async function answerUpdateWrongly(page: Page, thing: string) {
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
    `You are about to update ${thing}. To confirm, please solve this math problem`,
  );
  await answerCaptcha(page, { confirm: 'Confirm', wrong: true });
  await expect(toast(page, 'Captcha answer is not correct')).toBeVisible();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Cancel' }).click();
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** Any mark of an image picker: the spinner, the tick or the cross. */
const imageMark = /Upload|File refused/;

test('live matches: add with a real PNG, copy the link, edit inline, toggle and delete', async ({
  signedInPage: page,
  media,
  api,
  baseURL,
}) => {
  await setControllerFlag(api, 'liveMatch', false);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Live Match' }).click();
  await expect(page).toHaveURL('/add/liveMatch');
  const tabs = page.getByRole('navigation', { name: 'Live match section' });
  for (const name of ['Live Match', 'Ads', 'Ads Fire', 'Ads History'])
    await expect(tabs.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Live Match Management' })).toBeVisible();
  // The Running badge follows the controller's liveMatch switch (set off above, then on).
  await expect(page.getByText('Not Running', { exact: true })).toBeVisible();
  await setControllerFlag(api, 'liveMatch', true);
  await page.reload();
  await expect(page.getByText('Running', { exact: true })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add live match' });
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByText(liveMatchMessages.titleRequired)).toBeVisible();
  await form.getByLabel('Title').fill('E2E Final');
  await form.getByLabel('URL').fill('https://stream.example.com/final');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, liveMatchMessages.selectImage)).toBeVisible();

  await form.getByLabel('Image (PNG or GIF)').setInputFiles(media.jpeg);
  await expect(toast(page, liveMatchMessages.imageType)).toBeVisible();
  await expect(form.getByRole('img', { name: 'File refused' })).toBeVisible();
  // A PNG cut off half-way is refused when it is picked, in the server's words.
  await form.getByLabel('Image (PNG or GIF)').setInputFiles(media.cutPng);
  await expect(toast(page, 'The image file is cut off: its end is missing.')).toBeVisible();

  await form.getByLabel('Image (PNG or GIF)').setInputFiles(media.png);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, 'Live match added successfully')).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('');
  await expect(form.getByRole('img', { name: 'Upload complete' })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'E2E Final' });
  await expect(row).toHaveCount(1);
  const image = row.getByRole('img', { name: 'Image of E2E Final' });
  await expect(image).toBeVisible();
  // Its box is visible a moment before its pixels are in.
  await expect.poll(listImageWidth(image)).toBe(96);
  await shootWidths(page, 'live-matches-matches');

  const listed = (await api.call('GET', '/api/App/liveMatch/admin?page=1&limit=100')) as {
    data: { _id: string; title: string; status: boolean }[];
  };
  const id = listed.data.find((m) => m.title === 'E2E Final')!._id;

  // Two phones open the match: its Watching now cell counts them by the next stats poll (every 5 s).
  await expect(page.getByRole('columnheader', { name: 'Watching now' })).toBeVisible();
  // Its column after the select box, Image, Title, URL and Views.
  const watching = row.getByRole('cell').nth(5);
  await expect(watching).toHaveText('0');
  const heartbeat = (clientId: string) => ({ type: 'heartbeat', entity: 'liveMatch', id, clientId });
  await api.call('POST', '/api/App/events', {
    admin: false,
    body: { events: [heartbeat('e2e-phone-1'), heartbeat('e2e-phone-2'), heartbeat('e2e-phone-1')] },
  });
  await expect(watching).toHaveText('2', { timeout: 10_000 });
  await shootWidths(page, 'live-matches-watching');
  // The server stops answering the viewer polls: the 2 stays (doc 1 section 8), said to be old.
  const viewers = '**/api/admin/system/liveViewers*';
  await page.route(viewers, (route) => route.abort('connectionrefused'));
  await expect(page.getByRole('status').filter({ hasText: /Watching now: not updated since/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(watching).toHaveText('2');
  await shoot(page, 'live-matches-watching-old', { fullPage: false });
  await page.unroute(viewers);
  await expect(page.getByText(/Watching now: not updated since/)).toBeHidden({ timeout: 10_000 });

  // Named with the match, so a screen reader's list of buttons tells the rows apart.
  await row.getByRole('button', { name: 'Copy link to E2E Final', exact: true }).click();
  await expect(toast(page, liveMatchMessages.linkCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${LIVE_HOST}/live_match/${id}`);

  // The inline Save asks the captcha; a wrong answer saves nothing (the reload shows the old title).
  await row.getByRole('button', { name: 'Edit E2E Final', exact: true }).click();
  const editing = page.getByRole('row', { name: 'Editing E2E Final' });
  await editing.getByLabel('Edit title').fill('E2E Final edited');
  await editing.getByRole('button', { name: 'Save' }).click();
  await answerUpdateWrongly(page, 'Live Match "E2E Final"');
  await expect(editing.getByLabel('Edit title')).toHaveValue('E2E Final edited');
  await page.reload();
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'E2E Final edited' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Edit E2E Final', exact: true }).click();
  await editing.getByLabel('Edit title').fill('E2E Final edited');
  await editing.getByLabel('New image (optional)').setInputFiles(media.gif);
  await editing.getByRole('button', { name: 'Save' }).click();
  await confirmMath(page);
  await expect(toast(page, 'Live match updated successfully')).toBeVisible();
  const edited = page.getByRole('row').filter({ hasText: 'E2E Final edited' });
  await expect(edited.getByRole('img', { name: 'Image of E2E Final edited' })).toHaveAttribute(
    'src',
    /\.gif$/,
  );

  const status = edited.getByRole('switch', { name: 'Status of E2E Final edited' });
  await expect(status).toBeChecked();
  await status.click();
  // A status switch asks first, as every list row's does (0055).
  await answerCaptcha(page, { confirm: 'Confirm', title: 'Change status' });
  await expect(status).not.toBeChecked();
  const after = (await api.call('GET', '/api/App/liveMatch/admin?page=1&limit=100')) as typeof listed;
  expect(after.data.find((m) => m._id === id)?.status).toBe(false);

  await edited.getByRole('button', { name: 'Delete E2E Final edited', exact: true }).click();
  await confirmDelete(page);
  await expect(toast(page, 'Live match deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'E2E Final edited' })).toHaveCount(0);
});

test("the image's cross is for the image: a start refused by the server leaves none, and the add ends on the tick", async ({
  sessionPage: page,
  media,
  api,
}) => {
  const title = `Slow Clock Final ${Date.now()}`;
  // The admin's computer runs ten minutes slow: a start five minutes ahead of it has passed on the server,
  // so the form's own check lets it through and the server refuses it.
  await page.clock.setFixedTime(Date.now() - 10 * 60_000);
  try {
    await page.goto('/add/liveMatch');
    const form = page.getByRole('form', { name: 'Add live match' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('URL').fill('https://stream.example.com/slow-clock');
    await form.getByLabel('Image (PNG or GIF)').setInputFiles(media.png);
    await expect(form.getByRole('img', { name: imageMark })).toHaveCount(0);
    const start = form.getByLabel('Planned start (optional)');
    await start.fill(inZone(-5 * 60));
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, liveMatchMessages.plannedPast('plannedStart'))).toBeVisible();
    await expect(form.getByRole('button', { name: 'Add' })).toBeEnabled();
    await expect(form.getByRole('img', { name: imageMark })).toHaveCount(0);
    await expect(form.getByLabel('Title')).toHaveValue(title);
    await shoot(form, 'live-matches-add-start-refused', { fullPage: false });

    // Without the start it is added: the form empties and the upload ends on the spec's tick.
    await start.fill('');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, 'Live match added successfully')).toBeVisible();
    await expect(form.getByLabel('Title')).toHaveValue('');
    await expect(form.getByLabel('Image (PNG or GIF)')).toHaveValue('');
    await expect(form.getByRole('img', { name: 'Upload complete' })).toBeVisible();
    await shoot(form, 'live-matches-add-emptied', { fullPage: false });
  } finally {
    const listed = (await api.call(
      'GET',
      `/api/App/liveMatch/admin?page=1&limit=100&q=${encodeURIComponent(title)}`,
    )) as { data: { _id: string }[] };
    const left = listed.data.map((m) => m._id);
    if (left.length) await api.call('DELETE', '/api/App/liveMatch/admin', { body: { id: left }, seal: true });
  }
});

test('live matches: two ticked are deleted together through the question, and Undo brings them back', async ({
  sessionPage: page,
  api,
  media,
}) => {
  const stamp = Date.now();
  const [first, second, kept] = ['Bulk Derby', 'Bulk Classic', 'Bulk Kept'].map((t) => `${t} ${stamp}`);
  const ids: string[] = [];
  for (const title of [first!, second!, kept!]) ids.push(await addLiveMatch(api, media.png, title));
  const stored = async () =>
    (
      (await api.call('GET', `/api/App/liveMatch/admin?page=1&limit=100&q=${stamp}`)) as {
        data: { _id: string }[];
      }
    ).data.map((m) => m._id);
  try {
    await page.goto('/add/liveMatch');
    const table = page.getByRole('table', { name: 'Live matches' });
    const rowOf = (title: string) => table.getByRole('row').filter({ hasText: title });
    const tick = (title: string) => page.getByRole('checkbox', { name: `Select ${title}`, exact: true });
    const deleteSelected = (n: number) => page.getByRole('button', { name: `Delete selected (${n})` });
    await expect(rowOf(kept!)).toHaveCount(1);
    await expect(deleteSelected(0)).toBeDisabled();

    await tick(first!).check();
    await tick(second!).check();
    await expect(page.getByRole('toolbar', { name: 'Selected rows' })).toContainText('2 selected');
    await expect(deleteSelected(2)).toBeEnabled();
    await shoot(page, 'live-matches-two-selected', { fullPage: false });
    // On a phone each row is a card with its box, the bar with Delete selected in view above them.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('toolbar', { name: 'Selected rows' }).scrollIntoViewIfNeeded();
    await expect(tick(first!)).toBeVisible();
    await expect(tick(first!)).toBeChecked();
    await expect(deleteSelected(2)).toBeInViewport();
    await expectNoPageOverflow(page);
    await shoot(page, 'live-matches-two-selected-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    await deleteSelected(2).click();
    await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
      'You are about to delete 2 Live Matches. To confirm, please solve this math problem',
    );
    await confirmDelete(page);
    const deleted = toast(page, liveMatchesDeletedMessage(2));
    await expect(deleted).toBeVisible();
    await expect(rowOf(first!)).toHaveCount(0);
    await expect(rowOf(second!)).toHaveCount(0);
    await expect(rowOf(kept!)).toHaveCount(1);
    await expect(deleteSelected(0)).toBeDisabled();
    expect(await stored()).toEqual([ids[2]]);

    await deleted.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, trashMessages.restored(2))).toBeVisible();
    await expect(rowOf(first!)).toHaveCount(1);
    await expect(rowOf(second!)).toHaveCount(1);
    await expect(tick(first!)).not.toBeChecked();
    expect((await stored()).sort()).toEqual([...ids].sort());
  } finally {
    const left = await stored();
    if (left.length) await api.call('DELETE', '/api/App/liveMatch/admin', { body: { id: left }, seal: true });
  }
});

test('the add form shows its image picker whole, inside the form, at every width', async ({
  sessionPage: page,
}) => {
  await page.goto('/add/liveMatch');
  const form = page.getByRole('form', { name: 'Add live match' });
  const picker = form.getByLabel('Image (PNG or GIF)');
  // 1024 too: the first width with the form on one row.
  for (const size of [...WIDTHS, { width: 1024, height: 768 }]) {
    await page.setViewportSize(size);
    await expectInside(form, picker);
    await expectFileInputWhole(picker);
    await expectInside(form, form.getByRole('button', { name: 'Add' }));
    if (size.width === 768) await shoot(form, 'live-matches-add-form-768', { fullPage: false });
  }
});

test('live call ads: add, rename, change and remove fields, then save them all', async ({
  sessionPage: page,
  api,
}) => {
  await page.goto('/add/liveMatch');
  await page
    .getByRole('navigation', { name: 'Live match section' })
    .getByRole('link', { name: 'Ads', exact: true })
    .click();
  await expect(page).toHaveURL('/add/liveMatch/liveAd');
  await expect(page.getByRole('heading', { name: 'Live Call Management' })).toBeVisible();

  for (const [i, key, value] of [
    [1, 'banner_id', 'ca-app-pub-1/111'],
    [2, 'old_key', 'x'],
    [3, 'temp', 'y'],
  ] as const) {
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel(`Field name ${i}`).fill(key);
    await page.getByLabel(`Value ${i}`).fill(value);
  }
  await page.getByRole('button', { name: 'Save all' }).click();
  await confirmMath(page);
  await expect(toast(page, 'Ads updated successfully!')).toBeVisible();

  // A wrong answer saves nothing.
  await page.reload();
  await page.getByLabel('Value 3').fill('changed');
  await page.getByRole('button', { name: 'Save all' }).click();
  await answerUpdateWrongly(page, 'the live call ad fields');
  await page.reload();
  await expect(page.getByLabel('Value 3')).toHaveValue('y');
  await expect(page.getByLabel('Field name 2')).toHaveValue('old_key');
  await page.getByLabel('Field name 2').fill('new_key');
  await page.getByLabel('Value 1').fill('ca-app-pub-1/222');
  await page.getByRole('button', { name: 'Remove field temp' }).click();
  await page.getByRole('button', { name: 'Add field' }).click();
  await page.getByLabel('Field name 3').fill('bad key');
  await page.getByRole('button', { name: 'Save all' }).click();
  await expect(toast(page, 'Field names use 1 to 64 letters, digits or _: bad key')).toBeVisible();
  await page.getByLabel('Field name 3').fill('interstitial');
  await page.getByLabel('Value 3').fill('z');
  await shootWidths(page, 'live-matches-live-ads');
  await page.getByRole('button', { name: 'Save all' }).click();
  await confirmMath(page);
  // Saved, not only sent: Save all is disabled while the save runs too (a CI run read the old fields).
  await expect(toast(page, 'Ads updated successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save all' })).toBeDisabled();

  expect((await api.call('GET', '/api/App/liveMatch/liveAds')).data).toEqual({
    banner_id: 'ca-app-pub-1/222',
    new_key: 'x',
    interstitial: 'z',
  });
});

test('website ads: add, edit, fire and delete; the fire shows in the history with its totals', async ({
  sessionPage: page,
  api,
}) => {
  await page.goto('/add/liveMatch/liveAdWeb');
  await expect(page.getByRole('heading', { name: 'Ads Fire' })).toBeVisible();
  const mainRow = page.getByRole('row').filter({ hasText: 'WEB_URL_1' });
  await expect(mainRow.getByRole('button', { name: 'Fire WEB_URL_1' })).toBeVisible();
  await expect(mainRow.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  const openRow = page.getByRole('row').filter({ hasText: 'Open_Ads_Fire' });
  await expect(openRow.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);

  const form = page.getByRole('form', { name: 'Add website ad' });
  await form.getByLabel('Ad name').fill('   ');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, webLiveAdMessages.fillAll)).toBeVisible();
  await form.getByLabel('Ad name').fill(' Promo Ad ');
  await form.getByLabel('Ad URL').fill(' https://promo.example.com/a ');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, 'Ad added successfully')).toBeVisible();
  const promo = page.getByRole('row').filter({ hasText: 'PromoAd' });
  await expect(promo).toContainText('https://promo.example.com/a');

  await promo.getByRole('button', { name: 'Edit PromoAd' }).click();
  const editing = page.getByRole('row', { name: 'Editing PromoAd' });
  await editing.getByLabel('Edit URL').fill('https://promo.example.com/b');
  await editing.getByRole('button', { name: 'Save' }).click();
  await answerUpdateWrongly(page, 'Ad "PromoAd"');
  await page.reload();
  await expect(promo).toContainText('https://promo.example.com/a');

  await promo.getByRole('button', { name: 'Edit PromoAd' }).click();
  await editing.getByLabel('Edit URL').fill('https://promo.example.com/b');
  await editing.getByRole('button', { name: 'Save' }).click();
  await confirmMath(page);
  await expect(toast(page, 'Ad updated successfully!')).toBeVisible();
  await expect(promo).toContainText('https://promo.example.com/b');

  await promo.getByRole('button', { name: 'Fire PromoAd' }).click();
  await expect(toast(page, 'Ad fired successfully')).toBeVisible();
  await openRow.getByRole('button', { name: 'Fire Open_Ads_Fire' }).click();
  await expect(toast(page, 'Ad fired successfully').nth(0)).toBeVisible();
  await shootWidths(page, 'live-matches-ads-fire');

  // The app sees the latest fire and reports views and clicks through its events.
  const latest = (await api.call('GET', '/api/App/LiveMatch/ads/fire/latest', { admin: false })) as {
    data: { _id: string; Adstype: string };
  };
  expect(latest.data.Adstype).toBe('Open_Ads_Fire');
  const history = (await api.call('GET', '/api/App/LiveMatch/admin/ads/fire/history?page=1&limit=1000')) as {
    data: { _id: string; a_name: string }[];
  };
  const promoFire = history.data.find((f) => f.a_name === 'PromoAd')!;
  const event = (type: string) => ({ type, entity: 'liveAdFire', id: promoFire._id, clientId: 'e2e-phone' });
  await api.call('POST', '/api/App/events', {
    admin: false,
    body: { events: [event('view'), event('view'), event('view'), event('click')] },
  });

  await promo.getByRole('button', { name: 'Delete PromoAd' }).click();
  await shoot(page.getByRole('dialog', { name: 'Please confirm' }), 'live-matches-ads-fire-delete-question');
  await confirmDelete(page);
  await expect(toast(page, 'Ad deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'PromoAd' })).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Live match section' })
    .getByRole('link', { name: 'Ads History' })
    .click();
  await expect(page.getByRole('heading', { name: 'Live Ads History' })).toBeVisible();
  const fired = page.getByRole('row').filter({ hasText: 'PromoAd' });
  await expect(fired).toContainText('Url_Ads_Fire');
  await expect(fired).toContainText('https://promo.example.com/b');
  // Counted events are written within a second; the screen shows them after a reload.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: 'PromoAd' }).getByRole('cell').nth(4)).toHaveText(
      '3',
      {
        timeout: 1000,
      },
    );
  }).toPass({ timeout: 10_000 });
  const totals = page.getByRole('region', { name: 'Fire totals' }).getByRole('definition');
  await expect(totals.nth(0)).toHaveText('3');
  await expect(totals.nth(1)).toHaveText('1');
  await shootWidths(page, 'live-matches-history');
  // On a phone each row is a card (docs/decisions/0060): its buttons lie whole on the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  const deletePromo = page.getByRole('button', { name: /^Delete PromoAd/ }).first();
  await deletePromo.scrollIntoViewIfNeeded();
  await expect(deletePromo).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete one entry, then the rest in bulk.
  await page
    .getByRole('row')
    .filter({ hasText: 'PromoAd' })
    .getByRole('button', { name: /^Delete PromoAd/ })
    .click();
  await confirmDelete(page);
  await expect(toast(page, 'History deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'PromoAd' })).toHaveCount(0);
  await expect(totals.nth(0)).toHaveText('0');

  // One more fire, so that the rest deleted in bulk are more than one.
  await api.call('POST', '/api/App/LiveMatch/admin/ads/fire', {
    body: { Adstype: 'Url_Ads_Fire', a_name: 'WEB_URL_1', url: '' },
  });
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'WEB_URL_1' }).first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  const deleteSelected = page.getByRole('button', { name: /Delete selected \(\d+\)/ });
  const selected = Number((await deleteSelected.textContent())?.match(/\d+/)?.[0]);
  expect(selected).toBeGreaterThan(1);
  await deleteSelected.click();
  await shoot(page.getByRole('dialog', { name: 'Please confirm' }), 'live-matches-history-delete-question');
  await confirmDelete(page);
  // Counted, as every list's bulk delete says it.
  await expect(toast(page, fireHistoryDeletedMessage(selected))).toBeVisible();
  await expect(page.getByText('No ad has been fired yet.')).toBeVisible();
  await shoot(page, 'live-matches-history-bulk-deleted', { fullPage: false });
});

test('an ad keeps its views through a rename, a stale row leaves after a Fire, and the app never gets an older fire back', async ({
  sessionPage: page,
  api,
}) => {
  const WEB_ADS = '/api/App/liveMatch/liveAdsWeb';
  const FIRE = '/api/App/LiveMatch/admin/ads/fire';
  await page.goto('/add/liveMatch/liveAdWeb');
  const form = page.getByRole('form', { name: 'Add website ad' });
  await form.getByLabel('Ad name').fill('KeeperAd');
  await form.getByLabel('Ad URL').fill('https://keeper.example.com');
  // A double-click adds one ad and says so once.
  await form.getByRole('button', { name: 'Add' }).dblclick();
  await expect(toast(page, 'Ad added successfully')).toBeVisible();
  const ads = page.getByRole('table', { name: 'Website ads' });
  await expect(ads.getByRole('row').filter({ hasText: 'KeeperAd' })).toHaveCount(1);
  await page.waitForTimeout(500);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Ad added successfully' })).toHaveCount(
    1,
  );

  // Views of its fire, then a rename: the views stay with the ad.
  const fired = (await api.call('POST', FIRE, {
    body: { Adstype: 'Url_Ads_Fire', a_name: 'KeeperAd', url: '' },
  })) as { data: { _id: string } };
  const view = { type: 'view', entity: 'liveAdFire', id: fired.data._id, clientId: 'e2e-keeper' };
  await api.call('POST', '/api/App/events', { admin: false, body: { events: [view, view] } });
  const viewsOf = (name: string) => ads.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(2);
  await expect(async () => {
    await page.reload();
    await expect(viewsOf('KeeperAd')).toHaveText('2', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await ads.getByRole('button', { name: 'Edit KeeperAd' }).click();
  await page.getByRole('row', { name: 'Editing KeeperAd' }).getByLabel('Edit name').fill('KeeperRenamed');
  await page.getByRole('row', { name: 'Editing KeeperAd' }).getByRole('button', { name: 'Save' }).click();
  await confirmMath(page);
  await expect(toast(page, 'Ad updated successfully!')).toBeVisible();
  await expect(viewsOf('KeeperRenamed')).toHaveText('2');

  // Another admin deletes it: its Fire here says so in a sentence and the row leaves.
  const listed = (await api.call('GET', WEB_ADS)) as { data: { _id: string; a_name: string }[] };
  const id = listed.data.find((a) => a.a_name === 'KeeperRenamed')!._id;
  await api.call('DELETE', WEB_ADS, { body: { id: [id] } });
  await ads.getByRole('button', { name: 'Fire KeeperRenamed' }).click();
  await expect(toast(page, webLiveAdMessages.fireUnknownName)).toBeVisible();
  await expect(ads.getByRole('row').filter({ hasText: 'KeeperRenamed' })).toHaveCount(0);
  await shootWidths(page, 'live-matches-stale-fire');

  // The newest fire deleted from the history: the app's latest is withdrawn, not the fire before it.
  const main = { Adstype: 'Url_Ads_Fire', a_name: 'WEB_URL_1', url: '' };
  await api.call('POST', FIRE, { body: main });
  const newest = (await api.call('POST', FIRE, { body: main })) as { data: { _id: string } };
  await page.goto('/add/liveMatch/liveAdWeb/history');
  // Newest first: the first row is the newest fire.
  await page
    .getByRole('button', { name: /^Delete WEB_URL_1 fired/ })
    .first()
    .click();
  await confirmDelete(page);
  await expect(toast(page, 'History deleted successfully')).toBeVisible();
  const latest = (await api.call('GET', '/api/App/LiveMatch/ads/fire/latest', { admin: false })) as {
    data: unknown;
    message: string;
  };
  expect(latest).toMatchObject({ data: null, message: webLiveAdMessages.noFire });
  const left = (await api.call('GET', `${FIRE}/history?page=1&limit=1000`)) as { data: { _id: string }[] };
  expect(left.data.map((f) => f._id)).not.toContain(newest.data._id);
});

test('a history of over 1,000 fires: 100 rows a page, the selection stays on its page, an old fire is deleted', async ({
  signedInPage: page,
  api,
}) => {
  const HISTORY = '/api/App/LiveMatch/admin/ads/fire/history';
  const oldName = 'OldestFireAd';
  const ad = await api.call('POST', '/api/App/liveMatch/liveAdsWeb', {
    body: { a_name: oldName, a_url: 'https://old.example.com' },
  });
  const fire = async (a_name: string) => {
    const reply = await api.call('POST', '/api/App/LiveMatch/admin/ads/fire', {
      body: { Adstype: 'Url_Ads_Fire', a_name, url: '' },
    });
    return (reply.data as { _id: string })._id;
  };
  // The old fire first, then 1,004 newer ones (25 at a time): it is the 1,005th from the top, page 11.
  const seeded = [await fire(oldName)];
  await new Promise((resolve) => setTimeout(resolve, 20));
  for (let i = 0; i < 1004; i += 25)
    seeded.push(
      ...(await Promise.all(Array.from({ length: Math.min(25, 1004 - i) }, () => fire('WEB_URL_1')))),
    );
  try {
    const before = (await api.call('GET', `${HISTORY}?page=2&limit=1000`)) as { data: unknown[] };
    const total = 1000 + before.data.length;
    const count = (n: number) => n.toLocaleString('en-US');

    await page.goto('/add/liveMatch/liveAdWeb/history');
    const rows = page.getByRole('table', { name: 'Fired ads' }).getByRole('row');
    await expect(page.getByText(`Showing 1–100 of ${count(total)} fired ads`)).toBeVisible();
    await expect(rows).toHaveCount(101);

    // Select all takes the hundred on screen; another page starts with nothing selected.
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByRole('button', { name: 'Delete selected (100)' })).toBeEnabled();
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Showing 101–200 of ${count(total)} fired ads`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();

    await pager.getByRole('button', { name: 'Page 11' }).click();
    const old = rows.filter({ hasText: oldName });
    await expect(old).toHaveCount(1);
    await expect(rows).toHaveCount(1 + total - 1000);
    await shootWidths(page, 'live-matches-history-last-page');
    await old.getByRole('checkbox', { name: `Select ${oldName} fired` }).check();
    await page.getByRole('button', { name: 'Delete selected (1)' }).click();
    await confirmDelete(page);
    await expect(toast(page, 'History deleted successfully')).toBeVisible();
    await expect(old).toHaveCount(0);
    await expect(page.getByText(`of ${count(total - 1)} fired ads`)).toBeVisible();

    const after = (await api.call('GET', `${HISTORY}?page=1&limit=1000`)) as { data: { _id: string }[] };
    expect(after.data.map((f) => f._id)).not.toContain(seeded[0]);
  } finally {
    // A delete is all or nothing: send only the seeded fires still there.
    const left = new Set<string>();
    for (const p of [1, 2]) {
      const reply = (await api.call('GET', `${HISTORY}?page=${p}&limit=1000`)) as { data: { _id: string }[] };
      for (const f of reply.data) left.add(f._id);
    }
    const ours = seeded.filter((id) => left.has(id));
    for (let i = 0; i < ours.length; i += 1000)
      await api.call('DELETE', HISTORY, { body: { id: ours.slice(i, i + 1000) } });
    const id = (ad.data as { _id: string } | undefined)?._id;
    if (id) await api.call('DELETE', '/api/App/liveMatch/liveAdsWeb', { body: { id: [id] } });
  }
});

test('long rows keep their actions in view at every width, and the edit row stays on screen', async ({
  sessionPage: page,
  media,
  api,
}) => {
  const title = 'Champions Trophy Grand Final Highlights Extended Cut With Commentary In Three Lang';
  const url = `https://stream.example.com/${'final/'.repeat(15)}master.m3u8`;
  const added = await api.upload('POST', '/api/App/liveMatch/admin', { title, url }, { image: media.png });
  const adName = 'BettingPartnerWithAVeryLongNameForTheLayoutCheck1234';
  const ad = await api.call('POST', '/api/App/liveMatch/liveAdsWeb', {
    body: { a_name: adName, a_url: `https://partner.example.com/${'z'.repeat(60)}` },
  });
  try {
    await page.goto('/add/liveMatch');
    const table = page.getByRole('table', { name: 'Live matches' });
    const row = table.getByRole('row').filter({ hasText: title });
    // The URL is cut short in its cell: the whole of it is its tooltip.
    await expect(row.getByRole('cell').filter({ hasText: url })).toHaveAttribute('title', url);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      const actions = [`Copy link to ${title}`, `Edit ${title}`, `Delete ${title}`].map((name) =>
        row.getByRole('button', { name, exact: true }),
      );
      await expect(actions[1]!).toBeVisible();
      // Under 768 px each row is a card (docs/decisions/0060), with no Actions head.
      const head = size.width >= 768 ? [table.getByRole('columnheader', { name: 'Actions' })] : [];
      await expectInView(page, table, ...head, ...actions);
      // On a laptop the whole table fits its box: no column hides under the Actions.
      if (size.width === 1280) await expectFitsBox(table);
    }

    // Edit from a table scrolled to its end: the form stays in the visible part of the box.
    for (const size of WIDTHS.slice(1)) {
      await page.setViewportSize(size);
      await scrollToEnd(table);
      await row.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
      const editing = table.getByRole('row', { name: `Editing ${title}` });
      await expectInView(
        page,
        table,
        editing.getByText('Edit title', { exact: true }),
        editing.getByLabel('Edit title'),
        editing.getByLabel('Edit URL'),
        editing.getByRole('button', { name: 'Save' }),
        editing.getByRole('button', { name: 'Cancel' }),
      );
      await shoot(page, `live-matches-edit-${size.width}`, { fullPage: false });
      await editing.getByRole('button', { name: 'Cancel' }).click();
    }

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/add/liveMatch/liveAdWeb');
    const ads = page.getByRole('table', { name: 'Website ads' });
    const adRow = ads.getByRole('row').filter({ hasText: adName });
    await expect(adRow.getByRole('cell', { name: adName, exact: true })).toHaveAttribute('title', adName);
    await expectInView(
      page,
      ads,
      adRow.getByRole('button', { name: `Edit ${adName}` }),
      adRow.getByRole('button', { name: `Delete ${adName}` }),
    );
    await expectFitsBox(ads);
  } finally {
    const match = added.data as { _id: string } | undefined;
    if (match)
      await api.call('DELETE', '/api/App/liveMatch/admin', { body: { id: [match._id] }, seal: true });
    const web = ad.data as { _id: string } | undefined;
    if (web) await api.call('DELETE', '/api/App/liveMatch/liveAdsWeb', { body: { id: [web._id] } });
  }
});

test('an edit saved after another admin changed the match or the live call ads is refused, not lost', async ({
  signedInPage: page,
  api,
  media,
}) => {
  // The live match row: another admin renames the match while this page edits only its URL.
  const title = `Conflict ${Date.now()}`;
  const added = await api.upload(
    'POST',
    '/api/App/liveMatch/admin',
    { title, url: 'https://stream.example.com/old' },
    { image: media.png },
  );
  const id = (added.data as { _id: string })._id;
  await page.goto('/add/liveMatch');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const editing = page.getByRole('row', { name: `Editing ${title}` });
  await editing.getByLabel('Edit URL').fill('https://stream.example.com/mine');
  await api.upload(
    'PUT',
    '/api/App/liveMatch/admin',
    { _id: id, title: `${title} renamed`, url: 'https://stream.example.com/old' },
    {},
  );
  await editing.getByRole('button', { name: 'Save' }).click();
  await confirmMath(page);
  await expect(toast(page, editVersionMessages.changed('live match'))).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit ${title} renamed` })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Editing/ })).toHaveCount(0);
  const listed = (await api.call('GET', '/api/App/liveMatch/admin?page=1&limit=100')) as {
    data: { _id: string; title: string; url: string }[];
  };
  expect(listed.data.find((m) => m._id === id)).toMatchObject({
    title: `${title} renamed`,
    url: 'https://stream.example.com/old',
  });

  // Live Call Management: another admin adds a field while this page changes a value.
  await api.call('PUT', '/api/App/liveMatch/liveAds', { body: { banner: 'b1' } });
  await page.goto('/add/liveMatch/liveAd');
  await page.getByLabel('Value 1').fill('b2');
  await api.call('PUT', '/api/App/liveMatch/liveAds', { body: { banner: 'b1', native: 'n1' } });
  await page.getByRole('button', { name: 'Save all' }).click();
  await confirmMath(page);
  await expect(toast(page, editVersionMessages.changed('list of live call ads'))).toBeVisible();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: editVersionMessages.changed('list of live call ads') });
  await expect(alert).toBeVisible();
  await expect(page.getByLabel('Value 1')).toHaveValue('b2');
  await expect(page.getByRole('button', { name: 'Save all' })).toBeDisabled();
  await shootWidths(page, 'live-matches-edit-conflict');
  expect((await api.call('GET', '/api/App/liveMatch/liveAds')).data).toEqual({ banner: 'b1', native: 'n1' });

  await alert.getByRole('button', { name: 'Reload the fields' }).click();
  await expect(page.getByLabel('Field name 2')).toHaveValue('native');
  await expect(page.getByLabel('Value 1')).toHaveValue('b1');
  await page.getByLabel('Value 1').fill('b2');
  await page.getByRole('button', { name: 'Save all' }).click();
  await confirmMath(page);
  await expect(toast(page, 'Ads updated successfully!')).toBeVisible();
  expect((await api.call('GET', '/api/App/liveMatch/liveAds')).data).toEqual({ banner: 'b2', native: 'n1' });

  await api.call('DELETE', '/api/App/liveMatch/admin', { body: { id: [id] }, seal: true });
});

test('a web live ad edit saved after another admin changed the ad, in another page, is refused, not lost', async ({
  signedInPage: page,
  api,
}) => {
  const name = `Conflict${Date.now()}`;
  const added = (await api.call('POST', '/api/App/liveMatch/liveAdsWeb', {
    body: { a_name: name, a_url: 'https://ads.example.com/old' },
  })) as { data: { _id: string } };
  const id = added.data._id;
  const other = await page.context().newPage();
  try {
    // This page opens the edit and renames the ad; the other page changes its URL meanwhile and saves.
    await page.goto('/add/liveMatch/liveAdWeb');
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const editing = page.getByRole('row', { name: `Editing ${name}` });
    await editing.getByLabel('Edit name').fill(`${name}Renamed`);

    await other.goto('/add/liveMatch/liveAdWeb');
    await other.getByRole('button', { name: `Edit ${name}` }).click();
    const otherEditing = other.getByRole('row', { name: `Editing ${name}` });
    await otherEditing.getByLabel('Edit URL').fill('https://ads.example.com/other');
    await otherEditing.getByRole('button', { name: 'Save' }).click();
    await confirmMath(other);
    await expect(toast(other, webLiveAdMessages.updated)).toBeVisible();

    await editing.getByRole('button', { name: 'Save' }).click();
    await confirmMath(page);
    await expect(toast(page, editVersionMessages.changed('web live ad'))).toBeVisible();
    await expect(page.getByRole('row', { name: /^Editing/ })).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('https://ads.example.com/other');
    await shootWidths(page, 'live-matches-web-live-ads-edit-conflict');
    const listed = async () =>
      (
        (await api.call('GET', '/api/App/liveMatch/liveAdsWeb')) as {
          data: { _id: string; a_name: string; a_url: string }[];
        }
      ).data.find((a) => a._id === id);
    expect(await listed()).toMatchObject({ a_name: name, a_url: 'https://ads.example.com/other' });

    // Edited again from the reloaded row, the rename goes through and keeps the other page's URL.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await page
      .getByRole('row', { name: `Editing ${name}` })
      .getByLabel('Edit name')
      .fill(`${name}Renamed`);
    await page
      .getByRole('row', { name: `Editing ${name}` })
      .getByRole('button', { name: 'Save' })
      .click();
    await confirmMath(page);
    await expect(toast(page, webLiveAdMessages.updated)).toBeVisible();
    expect(await listed()).toMatchObject({
      a_name: `${name}Renamed`,
      a_url: 'https://ads.example.com/other',
    });
  } finally {
    await other.close();
    await api.call('DELETE', '/api/App/liveMatch/liveAdsWeb', { body: { id: [id] } });
  }
});

test('live call ads: leaving with a value not saved asks first; Cancel keeps it, leaving drops it', async ({
  signedInPage: page,
  api,
}) => {
  await api.call('PUT', '/api/App/liveMatch/liveAds', { body: { banner: 'b1' } });
  const sectionTab = (name: string) =>
    page.getByRole('navigation', { name: 'Live match section' }).getByRole('link', { name, exact: true });
  await page.goto('/add/liveMatch/liveAd');
  await page.getByLabel('Value 1').fill('b2');

  await sectionTab('Ads Fire').click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(dialog).toContainText('Your changes to the live call ad fields are not saved.');
  await shootWidths(page, 'live-matches-live-ads-leave-warning');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/add/liveMatch/liveAd');
  await expect(page.getByLabel('Value 1')).toHaveValue('b2');

  // Closing (or reloading) the page gets the browser's own prompt.
  const asked = page.waitForEvent('dialog');
  void page.close({ runBeforeUnload: true });
  const prompt = await asked;
  expect(prompt.type()).toBe('beforeunload');
  await prompt.dismiss();
  await expect(page.getByLabel('Value 1')).toHaveValue('b2');

  await sectionTab('Ads Fire').click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL('/add/liveMatch/liveAdWeb');
  await expect(page.getByRole('heading', { name: 'Ads Fire' })).toBeVisible();
  expect((await api.call('GET', '/api/App/liveMatch/liveAds')).data).toEqual({ banner: 'b1' });

  // Right after a save nothing is asked.
  await sectionTab('Ads').click();
  await page.getByLabel('Value 1').fill('b3');
  await page.getByRole('button', { name: 'Save all' }).click();
  await confirmMath(page);
  await expect(toast(page, 'Ads updated successfully!')).toBeVisible();
  await sectionTab('Live Match').click();
  await expect(page).toHaveURL('/add/liveMatch');
  await expect(dialog).toHaveCount(0);
  expect((await api.call('GET', '/api/App/liveMatch/liveAds')).data).toEqual({ banner: 'b3' });
});
