import { readFileSync } from 'node:fs';
import type { WebAd } from '@streamdesk/contract/ad-units';
import { analyticsMessages } from '@streamdesk/contract/analytics';
import { enGbDay, quickRange } from '@streamdesk/contract/date-ranges';
import { expect, test, type Api } from '../fixtures.js';
import { shoot, shootWidths } from '../shots.js';

/** Days ago as the ISO time of noon in Asia/Kolkata (06:30 UTC), safely inside that day. */
const daysAgo = (n: number) => {
  const day = new Date(Date.now() - n * 86_400_000);
  return `${day.toISOString().slice(0, 10)}T06:30:00.000Z`;
};

async function seedAd(api: Api, name: string): Promise<WebAd> {
  await api.call('POST', '/api/App/ads/webads/add', {
    body: { a_name: name, a_id: `https://example.org/${name}`, a_description: 'analytics' },
  });
  const ads = (await api.call('GET', '/api/App/ads/webads/admin/get')).data as WebAd[];
  return ads.find((a) => a.a_name === name)!;
}

async function send(api: Api, ad: WebAd, type: 'view' | 'click', n: number, at?: string) {
  const events = Array.from({ length: n }, (_, i) => ({
    type,
    entity: 'webAd',
    id: ad._id,
    clientId: `phone-${i}`,
    ...(at ? { at } : {}),
  }));
  const reply = await api.call('POST', '/api/App/events', { body: { events }, admin: false });
  expect(reply).toMatchObject({ status: true, accepted: n, dropped: 0 });
}

/** Waits until the dashboard counts `n` clicks today (events are counted within a second). */
async function todaysClicks(api: Api, ad: WebAd, n: number) {
  const today = quickRange('today');
  await expect
    .poll(
      async () =>
        (
          await api.call(
            'GET',
            `/api/admin/view/dashbord/${ad._id}?startDate=${today.startDate}&endDate=${today.endDate}`,
          )
        ).totalClicks,
    )
    .toBe(n);
}

test('the dashboard opened from a website ad: quick ranges, cards, charts, CSV, clear', async ({
  sessionPage: page,
  api,
}) => {
  const ad = await seedAd(api, 'AnalyticsPromo');
  // Today: 12 views and 3 clicks; three days ago: 5 more views (still in "This Month" unless the month just began).
  await send(api, ad, 'view', 12);
  await send(api, ad, 'click', 3);
  await send(api, ad, 'view', 5, daysAgo(3));
  await todaysClicks(api, ad, 3);
  const today = quickRange('today');

  await page.goto('/manage/ads/webAds/add');
  await page.getByRole('button', { name: /clicks of AnalyticsPromo/ }).click();
  await expect(page).toHaveURL(new RegExp(`/views/dashboard/${ad._id}\\?q=AnalyticsPromo&adsType=web$`));
  await expect(page.getByRole('heading', { name: 'View & Click Analytics' })).toBeVisible();

  const views = page.getByRole('region', { name: 'Views' });
  const clicks = page.getByRole('region', { name: 'Click' });
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  await expect(views).toContainText('12');
  await expect(clicks).toContainText('03');
  await expect(page.getByRole('group', { name: 'Views chart' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Clicks chart' })).toBeVisible();

  await page.getByRole('button', { name: 'Yesterday' }).click();
  await expect(views).toContainText('00');
  await expect(clicks).toContainText('00');
  await expect(page.getByRole('group', { name: 'Views chart' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Clicks chart' })).toHaveCount(0);
  await expect(page.getByText('No views or clicks in this range')).toBeVisible();

  // Each chart draws every day of the range up to today, 0 where nothing was counted, not a line across
  // the gap; the days after today are not drawn.
  const dots = (chart: string) => page.getByRole('group', { name: `${chart} chart` }).locator('.chart-dot');
  const daysToToday = ({ startDate }: { startDate: string }) =>
    (Date.parse(today.endDate) - Date.parse(startDate)) / 86_400_000 + 1;
  for (const label of ['This Week', 'This Month', 'Last 6 Months', 'This Year']) {
    await page.getByRole('button', { name: label }).click();
    await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    await expect(clicks).toContainText('03');
    await expect(page.getByText('No views or clicks in this range')).toHaveCount(0);
    if (label === 'This Week') await expect(dots('Clicks')).toHaveCount(daysToToday(quickRange('thisWeek')));
    // Past two months (MAX_DOTTED_DAYS) the line alone: the dots would touch.
    if (label === 'Last 6 Months') await expect(dots('Views')).toHaveCount(0);
    if (label === 'This Month') {
      await expect(dots('Views')).toHaveCount(daysToToday(quickRange('thisMonth')));
      await expect(dots('Clicks')).toHaveCount(daysToToday(quickRange('thisMonth')));
      await shoot(page, 'analytics-this-month');
      // Hovering a day shows its tooltip, as the keyboard does (the unit test); today is the plot's right end.
      const plot = page.getByRole('group', { name: 'Views chart' }).locator('[role="application"]');
      const box = (await plot.boundingBox())!;
      await plot.hover({ position: { x: box.width - 2, y: box.height / 2 } });
      await expect(page.getByText(`12 Views on ${enGbDay(today.endDate)}`)).toBeVisible();
      await shoot(page, 'analytics-tooltip', { fullPage: false });
      await page.mouse.move(0, 0);
      await expect(page.getByText(`12 Views on ${enGbDay(today.endDate)}`)).toHaveCount(0);
    }
  }
  await expect(views).toContainText('17');

  // A date typed by hand (DD/MM/YYYY, as the tables show days) makes the range custom.
  const typed = (n: number) => enGbDay(daysAgo(n).slice(0, 10));
  await expect(page.getByLabel('End date')).toHaveValue(enGbDay(quickRange('thisYear').endDate));
  await page.getByLabel('Start date').fill(typed(3));
  await page.getByLabel('End date').fill(typed(3));
  await expect(page.getByRole('button', { name: 'This Year' })).toHaveAttribute('aria-pressed', 'false');
  await expect(views).toContainText('05');
  await expect(clicks).toContainText('00');
  // An end typed before the start is refused with a message; the start stays, and so do the figures.
  await page.getByLabel('End date').fill(typed(10));
  await expect(page.getByText('The end date is before the start date')).toBeVisible();
  await expect(page.getByLabel('Start date')).toHaveValue(typed(3));
  await expect(views).toContainText('05');
  await shoot(page, 'analytics-end-before-start-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'analytics-end-before-start-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('End date').fill(typed(3));
  await expect(page.getByText('The end date is before the start date')).toHaveCount(0);
  await page.getByRole('button', { name: 'This Year' }).click();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe('date,views,clicks');
  expect(csv).toContain(`${today.startDate},12,3`);
  expect(csv).toContain(`${daysAgo(3).slice(0, 10)},5,0`);
  await shoot(page, 'analytics').catch(() => {});

  await page.getByRole('button', { name: 'Clear data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  const [a, b] = ((await dialog.getByTestId('math-problem').textContent()) ?? '').match(/\d+/g)!.map(Number);
  await dialog.getByLabel('Answer').fill(String(a! + b! + 1));
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('Captcha answer is not correct')).toBeVisible();
  await dialog.getByLabel('Answer').fill(String(a! + b!));
  await dialog.getByRole('button', { name: 'Clear' }).click();
  // A web ad's dashboard clears through the web ads' own call (adsType=web), which answers this.
  await expect(page.getByText('Views and clicks cleared successfully')).toBeVisible();
  await expect(views).toContainText('00');
  await expect(clicks).toContainText('00');

  // The ad's own click total was cleared with it.
  const after = ((await api.call('GET', '/api/App/ads/webads/admin/get')).data as WebAd[]).find(
    (x) => x._id === ad._id,
  );
  expect(after?.a_click ?? 0).toBe(0);
});

test('the counts show while the chart code is still on its way, then the charts', async ({
  signedInPage: page,
  api,
}) => {
  const ad = await seedAd(api, 'LazyChartPromo');
  await send(api, ad, 'view', 4);
  await send(api, ad, 'click', 2);
  await todaysClicks(api, ad, 2);
  // The chart chunk (trend-chart) is held until the counts are seen, as on a slow connection.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/trend-chart-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto(`/views/dashboard/${ad._id}?q=LazyChartPromo&adsType=web`);
  await expect(page.getByRole('region', { name: 'Views' })).toContainText('04');
  await expect(page.getByRole('region', { name: 'Click' })).toContainText('02');
  await expect(page.getByRole('status', { name: 'Loading the Views chart' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading the Clicks chart' })).toBeVisible();
  await shoot(page, 'analytics-chart-loading', { fullPage: false });

  release();
  await expect(page.getByRole('group', { name: 'Views chart' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Clicks chart' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading the Views chart' })).toHaveCount(0);
  await shoot(page, 'analytics-chart-loaded', { fullPage: false });
});

test('a dashboard link that names no ad says the ad was not found, with the way back to the website ads', async ({
  sessionPage: page,
}) => {
  await page.goto('/views/dashboard/doesnotexist123?q=Gone&adsType=web');
  await expect(page.getByRole('heading', { name: 'View & Click Analytics', level: 1 })).toBeVisible();
  const found = page.getByRole('region', { name: 'Ad not found' });
  await expect(found.getByRole('heading', { name: 'Ad not found' })).toBeVisible();
  await expect(found.getByText(analyticsMessages.notFound)).toBeVisible();
  // Not the zeros of an ad nobody has seen.
  await expect(page.getByRole('region', { name: 'Views' })).toHaveCount(0);
  await expect(page.getByText('No views or clicks in this range')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear data' })).toHaveCount(0);
  await shootWidths(page, 'analytics-not-found');

  await found.getByRole('link', { name: 'Website Ads' }).click();
  await expect(page).toHaveURL(/\/manage\/ads\/webAds\/add$/);
  await expect(page.getByRole('heading', { name: /Website Ads/, level: 1 })).toBeVisible();
});
