import { reelRoutes } from '@streamdesk/contract/reels';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { shoot } from '../shots.js';

/** Searching and sorting the Story Video List and Story Reels as a person does (issue 36, 0051). */

// The stories and reels it adds stay out of other files' counts and empty states.
test.use({ serverFor: 'story-reel-search-sort' });
test.describe.configure({ mode: 'serial' });

/** The text of each body row of a table, top to bottom. */
const rowTexts = (table: Locator) => table.locator('tbody tr').allInnerTexts();
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

test('search the story videos by button name and sort them by date', async ({
  sessionPage: page,
  api,
  media,
}) => {
  // Added one after another, the first the oldest.
  const names = ['Alpha Promo', 'Beta Sale', 'Gamma Promo'];
  for (const btnName of names)
    await api.upload(
      'POST',
      '/api/App/Add/Story/Video',
      { insertData: JSON.stringify({ btnName, btnUrl: 'https://example.com/' }) },
      { image: media.png },
    );

  await page.goto('/add/story/video');
  const table = page.getByRole('table', { name: 'Story Video List' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  expect((await rowTexts(table))[0]).toContain('Gamma Promo');

  await search(page).fill('promo');
  await expect(page).toHaveURL(/\?q=promo$/);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByText('Showing 1–2 of 2 stories')).toBeVisible();

  // Oldest first by a click on the date's header, kept in the address with the search.
  const date = table.getByRole('columnheader', { name: 'Date & Time' });
  await expect(date).toHaveAttribute('aria-sort', 'descending');
  await date.getByRole('button', { name: 'Date & Time' }).click();
  await expect(page).toHaveURL(/\?q=promo&sort=date$/);
  await expect(date).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.locator('tbody tr').first()).toContainText('Alpha Promo');
  await shoot(page, 'lists-a-stories');

  // A reload finds the same view.
  await page.reload();
  await expect(table.locator('tbody tr').first()).toContainText('Alpha Promo');
  await expect(search(page)).toHaveValue('promo');

  await search(page).fill('nothing like it');
  await expect(page.getByText('No stories match "nothing like it"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\?sort=date$/);
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(search(page)).toHaveValue('');
});

test('on a phone the story cards are sorted from a Sort by list', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/add/story/video');
  const cards = page.getByRole('list', { name: 'Story Video List' });
  await expect(cards.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Oldest first' });
  await expect(page).toHaveURL(/\?sort=date$/);
  await expect(cards.getByRole('listitem').first()).toContainText('Alpha Promo');
  await shoot(page, 'lists-a-stories-375');
});

test('search the reels by file name and sort them by a header', async ({ sessionPage: page, api, media }) => {
  // clip-b.mp4 first (the oldest), clip.mp4 last (the newest).
  for (const video of [media.mp4b, media.mp4c, media.mp4])
    await api.upload('POST', reelRoutes.add.path, {}, { video });

  await page.goto('/story/add/reels');
  const table = page.getByRole('table', { name: 'Story Reels' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  const files = async () => (await rowTexts(table)).map((text) => /clip[-\w]*\.mp4/.exec(text)?.[0]);
  expect(await files()).toEqual(['clip.mp4', 'clip-c.mp4', 'clip-b.mp4']);

  const file = table.getByRole('columnheader', { name: 'File' });
  await file.getByRole('button', { name: 'File' }).click();
  await expect(page).toHaveURL(/\?sort=name$/);
  await expect(file).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(files).toEqual(['clip-b.mp4', 'clip-c.mp4', 'clip.mp4']);
  await file.getByRole('button', { name: 'File' }).click();
  await expect(file).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(files).toEqual(['clip.mp4', 'clip-c.mp4', 'clip-b.mp4']);

  await search(page).fill('CLIP-');
  await expect(page).toHaveURL(/\?sort=-name&q=CLIP-$/);
  await expect.poll(files).toEqual(['clip-c.mp4', 'clip-b.mp4']);
  await expect(page.getByText('2 reels', { exact: true })).toBeVisible();
  await expect(page.getByText('Showing 1–2 of 2 reels')).toBeVisible();
  await shoot(page, 'lists-a-reels');

  await search(page).fill('penalty');
  await expect(page.getByText('No reels match "penalty"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(3);
});

test('on a phone the reels show their file name and date, and sort from a Sort by list', async ({
  signedInPage: page,
}) => {
  // The three reels of the test above: clip-b.mp4 the oldest, clip.mp4 the newest.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/story/add/reels');
  const table = page.getByRole('table', { name: 'Story Reels' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  // innerText holds only what shows: the File and Date columns are hidden, the caption under the thumbnail is not.
  const files = async () => (await rowTexts(table)).map((text) => /clip[-\w]*\.mp4/.exec(text)?.[0]);
  expect(await files()).toEqual(['clip.mp4', 'clip-c.mp4', 'clip-b.mp4']);
  expect((await rowTexts(table))[0]).toMatch(/\d{2}\/\d{2}\/\d{4}/);
  await expect(table.getByRole('columnheader', { name: 'Date' })).toBeHidden();

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Oldest first' });
  await expect(page).toHaveURL(/\?sort=date$/);
  await expect.poll(files).toEqual(['clip-b.mp4', 'clip-c.mp4', 'clip.mp4']);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'File name, Z to A' });
  await expect(page).toHaveURL(/\?sort=-name$/);
  await expect.poll(files).toEqual(['clip.mp4', 'clip-c.mp4', 'clip-b.mp4']);
  await shoot(page, 'reels-375-sort');
});
