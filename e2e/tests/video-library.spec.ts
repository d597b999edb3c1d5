import { videoMessages } from '@streamdesk/contract/videos';
import { expect, test } from '../fixtures.js';
import { openLibraryWith } from './video-helpers.js';
import { shoot } from '../shots.js';

// The library as a library (issue 35): titles from the files' names, what the probe read, rename,
// search by title or file name, and the orders, kept in the address.
test('a library video is renamed from its row, found by its new title, and the list is ordered by title', async ({
  signedInPage: page,
  api,
  media,
}) => {
  await openLibraryWith(page, api, media, 3);
  const rows = page.getByRole('row', { name: /^Video \d+$/ });
  // One batch: the three have one upload time, so no order is assumed until one is chosen.
  const titled = (title: string) => rows.filter({ has: page.getByText(title, { exact: true }) });
  await expect(titled('clip-c')).toContainText(/0:0\d · \d+×\d+ · \d+ KB/);

  await titled('clip')
    .getByRole('button', { name: /^Rename Video \d$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Rename video' });
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('clip');
  await expect(dialog.getByText('File: clip.mp4')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(videoMessages.titleRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Derby: all goals');
  await dialog.getByRole('textbox', { name: 'Title' }).press('Enter');
  await expect(page.getByText(videoMessages.titleUpdated)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The file's own name stays, shown under the new title.
  await expect(titled('Derby: all goals')).toContainText('clip.mp4');

  await page.getByRole('searchbox', { name: 'Search' }).fill('DERBY');
  await expect(page.getByText('Showing 1 of 1 videos')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Derby: all goals');
  // A file name is searched too.
  await page.getByRole('searchbox', { name: 'Search' }).fill('clip-b.mp4');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('clip-b');
  await page.getByRole('searchbox', { name: 'Search' }).fill('no such video');
  await expect(page.getByText('No videos match "no such video"')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(page.getByText('Showing 3 of 3 videos')).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Title A-Z' });
  await expect(rows.nth(0)).toContainText('clip-b');
  await expect(rows.nth(2)).toContainText('Derby: all goals');
  await expect(page).toHaveURL(/sort=title/);
  await shoot(page, 'video-library-titles-1280');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('title');
  await expect(rows.nth(0)).toContainText('clip-b');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'video-library-titles-375');
});
