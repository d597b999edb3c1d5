import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { liveMatchMessages, liveMatchRoutes } from '@streamdesk/contract/live-matches';
import { expect, test } from '../fixtures.js';
import { shoot } from '../shots.js';

// Leaves rows behind, which the live match file's lists would see.
test.use({ serverFor: 'idempotent-writes' });

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test('a live match add whose reply is lost, pressed again: the server sends the first reply, one row', async ({
  signedInPage: page,
  media,
  api,
}) => {
  const isAdd = (method: string, url: string) =>
    method === 'POST' && new URL(url).pathname === liveMatchRoutes.add.path;
  const keys: string[] = [];
  const match = { title: 'Lost Reply Final', url: 'https://stream.example.com/lost' };
  let cut = false;
  // The server gets the first add and stores it, but the connection breaks before its reply arrives.
  // Chrome does not hand a form's file bytes to the route (route.fetch() sends the image empty), so the
  // same form (the fields typed, the file picked) goes to the server with the browser's own headers.
  await page.route(`**${liveMatchRoutes.add.path}`, async (route) => {
    const request = route.request();
    if (!isAdd(request.method(), request.url())) return route.fallback();
    const headers = await request.allHeaders();
    keys.push(headers['idempotency-key'] ?? '');
    if (cut) return route.fallback();
    cut = true;
    const stored = await page.request.fetch(request.url(), {
      method: 'POST',
      headers: {
        'api-key': headers['api-key'] ?? '',
        authorization: headers.authorization ?? '',
        'idempotency-key': headers['idempotency-key'] ?? '',
      },
      multipart: {
        ...match,
        image: { name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(media.png) },
      },
    });
    expect(stored.status()).toBe(200);
    await route.abort('connectionreset');
  });
  await page.goto('/add/liveMatch');
  const form = page.getByRole('form', { name: 'Add live match' });
  await form.getByLabel('Title').fill(match.title);
  await form.getByLabel('URL').fill(match.url);
  await form.getByLabel('Image (PNG or GIF)').setInputFiles(media.png);
  const add = form.getByRole('button', { name: 'Add' });
  await add.click();
  await expect(toast(page, 'Internet Server Error')).toBeVisible();
  await expect(add).toBeEnabled();
  await expect(form.getByLabel('Title')).toHaveValue('Lost Reply Final');

  // The admin presses Add again: the same change, with the same key, gets the first reply back.
  const replied = page.waitForResponse((res) => isAdd(res.request().method(), res.url()));
  await add.click();
  expect((await replied).headers()['idempotent-replayed']).toBe('true');
  await expect(toast(page, liveMatchMessages.added)).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByRole('row').filter({ hasText: 'Lost Reply Final' })).toHaveCount(1);
  const listed = (await api.call('GET', `${liveMatchRoutes.list.path}?page=1&limit=100`)) as {
    data: { title: string }[];
  };
  expect(listed.data.filter((m) => m.title === 'Lost Reply Final')).toHaveLength(1);
  await shoot(page, 'idempotent-add-lost-reply');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('offline: a notice says so, a save fails at once, and nothing is sent later by itself', async ({
  sessionPage: page,
}) => {
  await page.goto('/add/liveMatch/liveAdWeb');
  await expect(page.getByRole('heading', { name: 'Ads Fire' })).toBeVisible();
  const adds: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(liveMatchRoutes.addWebAd.path))
      adds.push(request.url());
  });
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'You are offline. Changes cannot be saved until the connection is back.' });
  await expect(notice).toHaveCount(0);

  await page.context().setOffline(true);
  await expect(notice).toBeVisible();
  const form = page.getByRole('form', { name: 'Add website ad' });
  await form.getByLabel('Ad name').fill('Offline Ad');
  await form.getByLabel('Ad URL').fill('https://offline.example.com/a');
  const add = form.getByRole('button', { name: 'Add' });
  await add.click();
  await expect(toast(page, 'Internet Server Error')).toBeVisible({ timeout: 3_000 });
  await expect(add).toBeEnabled();
  await shoot(page, 'idempotent-offline');
  // The lists reload after a write with no reply (at once and 3 s later here); offline they fail, and
  // the page stays, with what was typed.
  await page.waitForTimeout(3_500);
  await expect(page).toHaveURL('/add/liveMatch/liveAdWeb');
  await expect(form.getByLabel('Ad name')).toHaveValue('Offline Ad');

  await page.context().setOffline(false);
  await expect(notice).toHaveCount(0);
  // TanStack Query's default would have held the add and sent it now.
  await page.waitForTimeout(2_000);
  expect(adds.length).toBeLessThanOrEqual(1);
  await expect(page.getByRole('row').filter({ hasText: 'OfflineAd' })).toHaveCount(0);
});
