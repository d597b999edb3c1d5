import { adMessages, type WebAd } from '@streamdesk/contract/ad-units';
import { enGbDay, quickRange } from '@streamdesk/contract/date-ranges';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { expect, test, type Api } from '../fixtures.js';
import type { Locator, Page } from '@playwright/test';
import { expectFitsBox, expectInView, expectNoPageOverflow, WIDTHS } from './layout-helpers.js';
import { shoot, shootWidths } from '../shots.js';

// Each test drives several screens and waits for counted events: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

/**
 * Answers the arithmetic confirmation, wrongly first when asked to; `wrongOnly` answers wrongly, sees
 * the toast, and cancels. `confirm` is its button: Confirm for an update or a clear, Delete for a delete.
 */
async function confirmMath(page: Page, { wrongFirst = false, wrongOnly = false, confirm = 'Confirm' } = {}) {
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  const problem = (await dialog.getByTestId('math-problem').textContent()) ?? '';
  const [a, b] = problem.match(/\d+/g)!.map(Number) as [number, number];
  if (wrongFirst || wrongOnly) {
    await dialog.getByLabel('Answer').fill(String(a + b + 1));
    await dialog.getByRole('button', { name: confirm }).click();
    await expect(page.getByText(adMessages.captchaWrong).last()).toBeVisible();
  }
  if (wrongOnly) {
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    return;
  }
  await dialog.getByLabel('Answer').fill(String(a + b));
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(dialog).toBeHidden();
}

const row = (page: Page, name: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/**
 * Sends app click events (and `views` view events in the same batch) and waits until the admin list counts
 * the clicks (events are written each second, a batch at once).
 */
async function sendClicks(api: Api, platform: 'android' | 'ios', ad: WebAd, n: number, views = 0) {
  const entity = platform === 'ios' ? 'iosWebAd' : 'webAd';
  const events = Array.from({ length: n + views }, (_, i) => ({
    type: i < n ? 'click' : 'view',
    entity,
    id: ad._id,
    clientId: `e2e-${i}`,
  }));
  const sent = await api.call('POST', '/api/App/events', { body: { events }, admin: false });
  expect(sent).toMatchObject({ status: true, accepted: n + views });
  const list = platform === 'ios' ? '/api/ios/ads/webads/admin/get' : '/api/App/ads/webads/admin/get';
  await expect
    .poll(async () => ((await api.call('GET', list)).data as WebAd[]).find((a) => a._id === ad._id)?.a_click)
    .toBe((ad.a_click ?? 0) + n);
}

test.describe('simple ad units', () => {
  test('Android native: add through the toggle form, search, inline edit', async ({
    sessionPage: page,
    api,
  }) => {
    await api.call('POST', '/api/App/ads/native/add', {
      body: { a_name: 'Detail', a_id: 'ca-app-pub-1/2', a_description: 'after a video' },
      seal: true,
    });
    await page.goto('/manage/ads/nativeAds/add');
    await expect(page.getByRole('heading', { name: 'Androind Native Ads' })).toBeVisible();
    const kinds = page.getByRole('navigation', { name: 'Ad kinds' });
    await expect(kinds.getByRole('link', { name: 'Native Ads' })).toHaveAttribute('aria-current', 'page');
    await expect(kinds.getByRole('link', { name: 'In House Ads' })).toHaveAttribute(
      'href',
      '/manage/ads/inHouseAds/add',
    );
    await expect(page.getByRole('link', { name: 'Apple' })).toHaveAttribute(
      'href',
      '/manage/ads/ios/nativeAds/add',
    );

    await page.getByRole('button', { name: '+ Add Native Ads' }).click();
    const form = page.getByRole('form', { name: 'Add ad' });
    await form.getByLabel('Ad Name').fill('Home Feed');
    await form.getByLabel('Ad ID').fill('ca-app-pub-3940256099942544/ 2247696110');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(adMessages.fillAll)).toBeVisible();
    await form.getByLabel('Description').fill('Between feed items');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(adMessages.added)).toBeVisible();
    await expect(form).toBeHidden();
    await expect(row(page, 'HomeFeed')).toContainText('ca-app-pub-3940256099942544/2247696110');

    // A double click on Submit sends the form once: one refusal for a name taken, not one a click.
    await page.getByRole('button', { name: '+ Add Native Ads' }).click();
    await form.getByLabel('Ad Name').fill('Home Feed');
    await form.getByLabel('Ad ID').fill('ca-app-pub-3940256099942544/1');
    await form.getByLabel('Description').fill('Again');
    await form.getByRole('button', { name: 'Submit' }).dblclick();
    await expect(page.getByText(adMessages.duplicateName)).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByText(adMessages.duplicateName)).toHaveCount(1);
    await expect(page.getByText('This change is still being saved', { exact: false })).toHaveCount(0);
    await form.getByRole('button', { name: 'Cancel' }).click();

    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('AFTER A');
    await expect(row(page, 'Detail')).toBeVisible();
    await expect(row(page, 'HomeFeed')).toBeHidden();
    await search.fill('');

    await row(page, 'HomeFeed').getByRole('button', { name: 'Edit' }).click();
    await expect(row(page, 'HomeFeed').getByRole('textbox', { name: 'Ad Name' })).toHaveCount(0);
    await row(page, 'HomeFeed').getByRole('textbox', { name: 'Ad Description' }).fill('Every fifth item');
    await shootWidths(page, 'ad-units-android-native-editing');
    // Save asks the captcha; a wrong answer saves nothing (the reload shows the old description).
    await row(page, 'HomeFeed').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
      'You are about to update the ad HomeFeed. To confirm, please solve this math problem',
    );
    await confirmMath(page, { wrongOnly: true });
    await page.reload();
    await expect(row(page, 'HomeFeed')).toContainText('Between feed items');

    await row(page, 'HomeFeed').getByRole('button', { name: 'Edit' }).click();
    await row(page, 'HomeFeed').getByRole('textbox', { name: 'Ad Description' }).fill('Every fifth item');
    await row(page, 'HomeFeed').getByRole('button', { name: 'Save' }).click();
    await confirmMath(page);
    await expect(page.getByText(adMessages.updated)).toBeVisible();
    await expect(row(page, 'HomeFeed')).toContainText('Every fifth item');
    await shootWidths(page, 'ad-units-android-native');
  });

  test('Apple reward: a doubtful id is saved anyway after the warning; search and edit', async ({
    sessionPage: page,
  }) => {
    await page.goto('/manage/ads/ios/rewardAds/add');
    await expect(page.getByRole('heading', { name: 'Apple Reward Ads' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Ad kinds' }).getByRole('link')).toHaveText([
      'Native Ads',
      'Full Screen Ads',
      'Banner Ads',
      'Open Ads',
      'Reward Ads',
      'Website Ads',
    ]);
    await page.getByRole('button', { name: '+ Add Reward Ads' }).click();
    const form = page.getByRole('form', { name: 'Add ad' });
    await form.getByLabel('Ad Name').fill('Extra Life');
    await form.getByLabel('Ad ID').fill('reward-unit-7');
    await form.getByLabel('Description').fill('  Watch to continue  ');
    await form.getByRole('button', { name: 'Submit' }).click();
    const warning = page.getByRole('dialog', { name: 'Check the Ad ID' });
    await expect(warning).toContainText(adMessages.adMobFormat);
    await shootWidths(page, 'ad-units-ios-reward-warning');
    await warning.getByRole('button', { name: 'Save anyway' }).click();
    await expect(row(page, 'ExtraLife')).toContainText('reward-unit-7');
    await expect(row(page, 'ExtraLife')).toContainText('Watch to continue');

    await page.getByRole('searchbox', { name: 'Search' }).fill('unit-7');
    await expect(row(page, 'ExtraLife')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('nothing like it');
    await expect(page.getByText('No ads match your search.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');

    await row(page, 'ExtraLife').getByRole('button', { name: 'Edit' }).click();
    await row(page, 'ExtraLife').getByRole('textbox', { name: 'Ad ID' }).fill('ca-app-pub-77/88');
    await row(page, 'ExtraLife').getByRole('button', { name: 'Save' }).click();
    await confirmMath(page, { wrongFirst: true });
    await expect(row(page, 'ExtraLife')).toContainText('ca-app-pub-77/88');
    await shootWidths(page, 'ad-units-ios-reward');
  });
});

test.describe('website ads', () => {
  test('Android: add, date presets, clear one ad through the captcha, delete except WEB_URL_1', async ({
    sessionPage: page,
    api,
  }) => {
    await page.goto('/manage/ads/webAds/add');
    await expect(page.getByRole('heading', { name: 'Androind Website Ads' })).toBeVisible();
    await page.getByRole('button', { name: '+ Add Website Ads' }).click();
    const form = page.getByRole('form', { name: 'Add ad' });
    await form.getByLabel('Ad Name').fill('Spring Promo');
    await form.getByLabel('Ad URL').fill('https://example.org/spring');
    await form.getByLabel('Description').fill('Spring sale');
    // The spaces the save removes are said before saving (issue 36).
    await expect(form.getByText('Spaces are removed: saved as "SpringPromo"')).toBeVisible();
    await shoot(page, 'ad-spaces-hint-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await shoot(page, 'ad-spaces-hint-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(row(page, 'SpringPromo')).toContainText('https://example.org/spring');

    const ads = (await api.call('GET', '/api/App/ads/webads/admin/get')).data as WebAd[];
    const promo = ads.find((a) => a.a_name === 'SpringPromo')!;
    await sendClicks(api, 'android', promo, 3, 2);
    await page.reload();
    const clicks = row(page, 'SpringPromo').getByRole('button', { name: /clicks of SpringPromo/ });
    await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    await expect(clicks).toHaveText('3');
    await page.getByRole('button', { name: 'Yesterday' }).click();
    await expect(clicks).toHaveText('0');
    await page.getByRole('button', { name: 'This Month' }).click();
    await expect(clicks).toHaveText('3');
    await shootWidths(page, 'ad-units-android-web');

    // The count opens the dashboard on the list's range, and Back comes to the list on it again.
    const month = quickRange('thisMonth');
    const monthQuery = `startDate=${month.startDate}&endDate=${month.endDate}`;
    await expect(page).toHaveURL(new RegExp(`/manage/ads/webAds/add\\?${monthQuery}$`));
    await clicks.click();
    await expect(page).toHaveURL(
      new RegExp(`/views/dashboard/${promo._id}\\?q=SpringPromo&adsType=web&${monthQuery}$`),
    );
    await expect(page.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('region', { name: 'Click' })).toContainText('03');
    await expect(page.getByRole('region', { name: 'Views' })).toContainText('02');
    await page.goBack();
    await expect(page.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');
    await expect(clicks).toHaveText('3');

    // Clear Data says what it deletes: the views with the clicks, of the range shown.
    await row(page, 'SpringPromo').getByRole('button', { name: 'Clear Data' }).click();
    await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
      `You are about to delete the views and clicks of SpringPromo from ${month.startDate} to ${month.endDate}.`,
    );
    await confirmMath(page, { wrongFirst: true });
    await expect(page.getByText('Views and clicks cleared successfully')).toBeVisible();
    await expect(clicks).toHaveText('0');
    const dashboard = await api.call('GET', `/api/admin/view/dashbord/${promo._id}?${monthQuery}`);
    expect(dashboard).toMatchObject({ totalViews: 0, totalClicks: 0 });

    // The inline Save of a website ad asks the captcha too; a wrong answer changes nothing.
    await row(page, 'SpringPromo').getByRole('button', { name: 'Edit' }).click();
    await row(page, 'SpringPromo')
      .getByRole('textbox', { name: 'Ad URL' })
      .fill('https://example.org/summer');
    await row(page, 'SpringPromo').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
      'You are about to update the ad SpringPromo.',
    );
    await confirmMath(page, { wrongOnly: true });
    await page.reload();
    await expect(row(page, 'SpringPromo')).toContainText('https://example.org/spring');
    await row(page, 'SpringPromo').getByRole('button', { name: 'Edit' }).click();
    await row(page, 'SpringPromo')
      .getByRole('textbox', { name: 'Ad URL' })
      .fill('https://example.org/summer');
    await row(page, 'SpringPromo').getByRole('button', { name: 'Save' }).click();
    await confirmMath(page);
    await expect(row(page, 'SpringPromo')).toContainText('https://example.org/summer');

    await row(page, 'WEB_URL_1').getByRole('button', { name: 'Edit' }).click();
    await expect(row(page, 'WEB_URL_1').getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await row(page, 'WEB_URL_1').getByRole('button', { name: 'Cancel' }).click();
    await row(page, 'SpringPromo').getByRole('button', { name: 'Edit' }).click();
    await row(page, 'SpringPromo').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
      'You are about to delete the ad SpringPromo.',
    );
    await shoot(page.getByRole('dialog', { name: 'Please confirm' }), 'ad-units-delete-question');
    await confirmMath(page, { confirm: 'Delete' });
    await expect(page.getByText(adMessages.deleted)).toBeVisible();
    await expect(row(page, 'SpringPromo')).toHaveCount(0);

    await row(page, 'WEB_URL_1')
      .getByRole('button', { name: /clicks of WEB_URL_1/ })
      .click();
    // The reloads above kept the range: it is in the list's URL.
    await expect(page).toHaveURL(
      new RegExp(`/views/dashboard/[0-9a-f]{24}\\?q=WEB_URL_1&adsType=web&${monthQuery}$`),
    );
  });

  test('Apple: the green (+n) after clicks arrive, custom range, clear all', async ({
    sessionPage: page,
    api,
  }) => {
    await api.call('POST', '/api/ios/ads/webads/add', {
      body: { a_name: 'Summer', a_id: 'https://example.org/summer', a_description: 'Summer sale' },
    });
    await page.goto('/manage/ads/ios/webAds/add');
    await expect(page.getByRole('heading', { name: 'Apple Website Ads' })).toBeVisible();
    const clicks = row(page, 'Summer').getByRole('button', { name: /clicks of Summer/ });
    await expect(clicks).toHaveText('0');
    const stored = await page.evaluate(() => localStorage.getItem('web_clicks_ios'));
    expect(stored).toContain('"');

    const ads = (await api.call('GET', '/api/ios/ads/webads/admin/get')).data as WebAd[];
    await sendClicks(
      api,
      'ios',
      ads.find((a) => a.a_name === 'Summer')!,
      2,
    );
    await page.reload();
    await expect(clicks).toHaveText('2(+2)');
    await expect(clicks.locator('.text-green-600')).toHaveText('(+2)');
    await shootWidths(page, 'ad-units-ios-web');
    // Seen now: the next visit compares with 2.
    await page.reload();
    await expect(clicks).toHaveText('2');

    const today = quickRange('today').startDate;
    await expect(page.getByLabel('Start date')).toHaveValue(enGbDay(today));
    await page.getByLabel('Start date').fill('01/01/2020');
    await expect(page.getByText('Custom range')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false');
    await expect(clicks).toHaveText('2');
    await page.getByLabel('End date').fill('31/12/2020');
    await expect(clicks).toHaveText('0');
    await page.getByLabel('End date').fill(enGbDay(today));

    await page.getByRole('button', { name: 'Clear All Data' }).click();
    await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
      `You are about to delete the views and clicks of all ${ads.length} website ads from 2020-01-01 to ${today}.`,
    );
    await confirmMath(page);
    await expect(page.getByText(adMessages.cleared)).toBeVisible();
    await expect(clicks).toHaveText('0');
  });
});

test('the ad-kind tabs wrap on a tablet; on a phone they are one line that scrolls, the current one in view', async ({
  signedInPage: page,
}) => {
  const platforms = [
    { path: '/manage/ads/nativeAds/add', last: 'In House Ads', to: '/manage/ads/inHouseAds/add' },
    { path: '/manage/ads/ios/nativeAds/add', last: 'Website Ads', to: '/manage/ads/ios/webAds/add' },
  ];
  for (const { path, last, to } of platforms) {
    for (const size of WIDTHS.slice(1)) {
      const phone = size.width < 640;
      await page.setViewportSize(size);
      await page.goto(path);
      const bar = page.getByRole('navigation', { name: 'Ad kinds' });
      const list = bar.getByRole('list');
      // expectInView measures against its argument's parent: a tab's item, whose parent is the bar's list.
      const inBar = list.getByRole('listitem').first();
      const tabs = bar.getByRole('link');
      await expect(tabs.first()).toBeVisible();
      const tops = new Set(
        await tabs.evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top))),
      );
      if (phone) {
        // One line (the seven kinds took three, above the screen's heading: issue 36), the current kind
        // in view, and a fade at the edge past which more kinds lie.
        expect(tops.size, `the Ad kinds tabs lie on ${tops.size} line(s) at ${size.width} px`).toBe(1);
        await expectInView(page, inBar, bar.locator('a[aria-current="page"]'));
        await expect(list).toHaveAttribute('data-more', '');
      } else {
        // The tabs that do not fit take a second line, with no hidden tab.
        const { scroll, client } = await bar.evaluate((el) => ({
          scroll: el.scrollWidth,
          client: el.clientWidth,
        }));
        expect(scroll, `the Ad kinds bar is ${scroll} px wide in ${client} px`).toBeLessThanOrEqual(client);
        for (const tab of await tabs.all()) await expectInView(page, inBar, tab);
        expect(
          tops.size,
          `the Ad kinds tabs lie on ${tops.size} line(s) at ${size.width} px`,
        ).toBeGreaterThan(1);
      }
      await expectNoPageOverflow(page);
      await shoot(page, `ad-units-kind-tabs-${path.includes('ios') ? 'ios' : 'android'}-${size.width}`, {
        fullPage: false,
      });
      // The last kind opens with one tap (the bar scrolls it into reach first on a phone).
      await tabs.filter({ hasText: last }).click();
      await expect(page).toHaveURL(to);
      // Opened, it is the current kind, scrolled into view.
      await expectInView(page, inBar, bar.getByRole('link', { name: last }));
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("the ad-kind tab bar's fades follow a window resize, as they follow a scroll", async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/manage/ads/nativeAds/add');
  const list = page.getByRole('navigation', { name: 'Ad kinds' }).getByRole('list');
  await expect(list.getByRole('link').first()).toBeVisible();
  // At a laptop's width every kind shows: no edge has kinds past it.
  await expect(list).not.toHaveAttribute('data-more');
  // Narrowed to a phone's, with no scroll or navigation: the right edge now has kinds past it.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(list).toHaveAttribute('data-more', '');
  await expect(list).not.toHaveAttribute('data-less');
  // Scrolled to its end, then widened: no fade is left on an edge with nothing past it.
  await list.evaluate((bar) => bar.scrollTo({ left: bar.scrollWidth }));
  await expect(list).toHaveAttribute('data-less', '');
  await expect(list).not.toHaveAttribute('data-more');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(list).not.toHaveAttribute('data-less');
});

test('a long ad name keeps the Actions column in view on Android and Apple, at every width', async ({
  sessionPage: page,
  api,
}) => {
  const name = 'native_home_screen_after_video_list_placement_with_long_name_3';
  const description =
    'Shown on the home screen after the video list has loaded; long description to check wrapping.';
  const platforms = [
    { list: '/manage/ads/nativeAds/add', add: '/api/App/ads/native/add', seal: true },
    { list: '/manage/ads/ios/nativeAds/add', add: '/api/ios/ads/native/add', seal: false },
  ];
  for (const { list, add, seal } of platforms) {
    const body = { a_name: name, a_id: 'ca-app-pub-3940256099942544/1000000003', a_description: description };
    expect(await api.call('POST', add, { body, seal })).toMatchObject({ status: true });
    await page.goto(list);
    const table = page.getByRole('table');
    const long = row(page, name);
    await expect(long.getByRole('cell', { name, exact: true })).toHaveAttribute('title', name);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      // Under 768 px each row is a card (docs/decisions/0060), with no Actions head.
      const head = size.width >= 768 ? [table.getByRole('columnheader', { name: 'Actions' })] : [];
      await expectInView(page, table, ...head, long.getByRole('button', { name: 'Edit' }));
      if (size.width === 1280) await expectFitsBox(table);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Website ads on a phone: Edit and Clear Data stay in reach of the first row.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/manage/ads/webAds/add');
  const web = page.getByRole('table');
  await expectInView(
    page,
    web,
    row(page, 'WEB_URL_1').getByRole('button', { name: 'Edit' }),
    row(page, 'WEB_URL_1').getByRole('button', { name: 'Clear Data' }),
  );
});

test('an edit saved after another admin changed the ad in another page is refused, not lost', async ({
  signedInPage: page,
  api,
}) => {
  await api.call('POST', '/api/App/ads/native/add', {
    body: { a_name: 'Conflict', a_id: 'ca-app-pub-1/100', a_description: 'Old description' },
    seal: true,
  });
  // This page edits only the Ad ID; another admin's page changes the description and saves first.
  await page.goto('/manage/ads/nativeAds/add');
  await row(page, 'Conflict').getByRole('button', { name: 'Edit' }).click();
  await row(page, 'Conflict').getByRole('textbox', { name: 'Ad ID' }).fill('ca-app-pub-1/200');

  const other = await page.context().newPage();
  await other.goto('/manage/ads/nativeAds/add');
  await row(other, 'Conflict').getByRole('button', { name: 'Edit' }).click();
  await row(other, 'Conflict').getByRole('textbox', { name: 'Ad Description' }).fill('Changed by B');
  await row(other, 'Conflict').getByRole('button', { name: 'Save' }).click();
  await confirmMath(other);
  await expect(other.getByText(adMessages.updated)).toBeVisible();
  await other.close();

  await row(page, 'Conflict').getByRole('button', { name: 'Save' }).click();
  await confirmMath(page);
  await expect(page.getByText(editVersionMessages.changed('ad'))).toBeVisible();
  // The row leaves edit mode and the list reloads with the other admin's change.
  await expect(row(page, 'Conflict').getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(row(page, 'Conflict')).toContainText('Changed by B');
  await expect(row(page, 'Conflict')).toContainText('ca-app-pub-1/100');
  await shootWidths(page, `ad-units-edit-conflict`);
  const stored = async () =>
    ((await api.call('GET', '/api/App/ads/native/admin/get')).data as WebAd[]).find(
      (a) => a.a_name === 'Conflict',
    );
  expect(await stored()).toMatchObject({ a_id: 'ca-app-pub-1/100', a_description: 'Changed by B' });

  // Edited again from the reloaded row, the same change is saved and keeps the other one.
  await row(page, 'Conflict').getByRole('button', { name: 'Edit' }).click();
  await row(page, 'Conflict').getByRole('textbox', { name: 'Ad ID' }).fill('ca-app-pub-1/200');
  await row(page, 'Conflict').getByRole('button', { name: 'Save' }).click();
  await confirmMath(page);
  await expect(page.getByText(adMessages.updated)).toBeVisible();
  await expect(row(page, 'Conflict')).toContainText('ca-app-pub-1/200');
  expect(await stored()).toMatchObject({ a_id: 'ca-app-pub-1/200', a_description: 'Changed by B' });
});
