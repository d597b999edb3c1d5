import { inHouseRoutes } from '@streamdesk/contract/inhouse-ads';
import { reelRoutes } from '@streamdesk/contract/reels';
import { storyRoutes } from '@streamdesk/contract/stories';
import { expect, test } from '../fixtures.js';
import { seedCategory } from './video-helpers.js';
import { shoot } from '../shots.js';

// This file's server processes videos (the suite's others do not: fixtures.ts, videoJobs).
test.use({ serverFor: 'processing-retry', videoJobs: 1 });

// A video whose processing fails shows 'Failed' with a Retry, in the library, the reels and in-house lists
// (docs/decisions/0044-video-processing.md, 0059). The file passes the upload's checks, but ffmpeg
// cannot remux it (media.ts: failsProcessing), so it is failed again after the Retry's runs.
const ANY_STATE = /^(Queued|Processing \d+%|Failed)$/;

test('a library video that fails processing shows Failed, and Retry queues it again', async ({
  sessionPage: page,
  api,
  media,
}) => {
  test.setTimeout(120_000);
  const category = await seedCategory(api, media);
  await api.upload('POST', '/api/App/video', { category: category._id }, { video: [media.failsProcessing] });
  await page.goto('/show/video');
  await page.getByLabel('Category').selectOption({ label: category.name });
  const row = page.getByRole('row', { name: 'Video 1' });
  // Three runs, each refused by ffmpeg at once; the list polls while the video is queued or processing.
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText(/The faststart remux failed/)).toBeVisible();

  await row.getByRole('button', { name: 'Retry Video 1' }).click();
  await expect(page.getByText('Processing queued again for 1 video(s)')).toBeVisible();
  await expect(row.getByText(ANY_STATE)).toBeVisible();
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('button', { name: 'Retry Video 1' })).toBeEnabled();
});

test('a reel that fails processing shows Failed under its thumbnail, and Retry queues it again', async ({
  sessionPage: page,
  api,
  media,
}) => {
  test.setTimeout(120_000);
  await api.upload('POST', reelRoutes.add.path, {}, { video: media.failsProcessing });
  await page.goto('/story/add/reels');
  const table = page.getByRole('table', { name: 'Story Reels' });
  const row = table.getByRole('row').filter({ has: page.getByRole('checkbox', { name: 'Select reel 1' }) });
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
  const retry = row.getByRole('button', { name: 'Retry reel 1' });
  await expect(retry).toBeVisible();
  await shoot(page, 'retry-reel-failed-1280', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(retry).toBeVisible();
  await shoot(page, 'retry-reel-failed-375', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  await retry.click();
  await expect(page.getByText('Processing queued again for 1 reel(s)')).toBeVisible();
  await expect(row.getByText(ANY_STATE)).toBeVisible();
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(retry).toBeEnabled();
});

test('an in-house video ad that fails processing shows Failed under its media, and Retry queues it again', async ({
  sessionPage: page,
  api,
  media,
}) => {
  test.setTimeout(120_000);
  const fields = { mainTitle: 'Camera clip', callToAction: 'https://example.com/x', medType: 'video' };
  const files = { icon: media.png, video: media.failsProcessing };
  expect((await api.upload('POST', inHouseRoutes.create.path, fields, files)).status).toBe(true);
  await page.goto('/manage/ads/inHouseAds/add');
  const table = page.getByRole('table', { name: 'In-house ads' });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: 'Select Camera clip' }) });
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
  const retry = row.getByRole('button', { name: 'Retry Camera clip' });
  await expect(retry).toBeVisible();
  await shoot(page, 'inhouse-media-failed-1280', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  await retry.scrollIntoViewIfNeeded();
  await expect(retry).toBeVisible();
  await shoot(page, 'inhouse-media-failed-375', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  await retry.click();
  await expect(page.getByText('Processing queued again for 1 in-house ad(s)')).toBeVisible();
  await expect(row.getByText(ANY_STATE)).toBeVisible();
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(retry).toBeEnabled();
});

test('a story video that fails processing shows Failed in the list and on its edit page, and Retry queues it again', async ({
  sessionPage: page,
  api,
  media,
}) => {
  test.setTimeout(150_000);
  const insertData = JSON.stringify({ btnName: 'Watch', btnUrl: 'https://example.com/w' });
  await api.upload('POST', storyRoutes.add.path, { insertData }, { video: media.failsProcessing });
  await page.goto('/add/story/video');
  const row = page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: 'Select story 1' }) });
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
  const retry = row.getByRole('button', { name: 'Retry story 1' });
  await expect(retry).toBeVisible();
  await retry.scrollIntoViewIfNeeded();
  await shoot(page, 'story-video-failed-1280', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  // Under 768 px the list is cards: the same state and Retry under the thumbnail.
  const card = page.getByRole('listitem', { name: 'Story 1' });
  await expect(card.getByText('Failed', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Retry story 1' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'story-video-failed-375', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  await retry.click();
  await expect(page.getByText('Processing queued again for 1 story video(s)')).toBeVisible();
  await expect(row.getByText(ANY_STATE)).toBeVisible();
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(retry).toBeEnabled();

  // The edit page shows the state of the stored video, with its Retry.
  await row.getByRole('button', { name: 'Edit story 1' }).click();
  const preview = page.getByRole('complementary', { name: 'Preview' });
  await expect(preview.getByText('Failed', { exact: true })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Retry story' })).toBeVisible();
  await shoot(page, 'story-video-edit-failed-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(preview.getByText('Failed', { exact: true })).toBeVisible();
  await shoot(page, 'story-video-edit-failed-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await preview.getByRole('button', { name: 'Retry story' }).click();
  await expect(page.getByText('Processing queued again for 1 story video(s)')).toBeVisible();
  await expect(preview.getByText(ANY_STATE)).toBeVisible();
  await expect(preview.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
});
