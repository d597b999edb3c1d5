import type { Page } from '@playwright/test';
import { trashMessages } from '@streamdesk/contract/trash';
import { categoryMessages } from '@streamdesk/contract/video-categories';
import { videoMessages } from '@streamdesk/contract/videos';
import { expect, test } from '../fixtures.js';
import { answerMath, openLibraryWith, seedCategory, seedVideos, unique } from './video-helpers.js';
import { shoot } from '../shots.js';

// Library videos go to the trash (issue 34): Undo in the toast, then the Trash screen's picture, label
// and Restore.
test.use({ serverFor: 'video-trash' });

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

async function deleteRow(page: Page, name: string) {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await answerMath(page);
  await page.getByRole('dialog', { name: 'Delete videos' }).getByRole('button', { name: 'Delete' }).click();
}

test('a deleted video comes back with Undo, and from the Trash screen by its title and thumbnail', async ({
  signedInPage: page,
  api,
  media,
}) => {
  await openLibraryWith(page, api, media, 2);
  const rows = page.getByRole('row', { name: /^Video \d+$/ });
  const titled = (title: string) => rows.filter({ has: page.getByText(title, { exact: true }) });
  await expect(titled('clip-b')).toHaveCount(1);

  await deleteRow(page, (await titled('clip-b').getAttribute('aria-label'))!);
  const deleted = toast(page, videoMessages.deletedOne);
  await expect(deleted).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 videos')).toBeVisible();
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, trashMessages.restored(1))).toBeVisible();
  await expect(page.getByText('Showing 2 of 2 videos')).toBeVisible();
  await expect(titled('clip-b')).toHaveCount(1);

  await deleteRow(page, (await titled('clip-b').getAttribute('aria-label'))!);
  await expect(page.getByText('Showing 1 of 1 videos')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trash' }).click();
  await page.mouse.move(900, 600); // off the side nav, which opens over the page while hovered
  await page.getByLabel('Feature').selectOption({ label: 'videos' });
  const row = page
    .getByRole('table', { name: 'Trash' })
    .getByRole('row')
    .filter({ hasText: 'video "clip-b"' });
  await expect(row).toContainText('videos');
  // The video's thumbnail, loaded (a broken picture has no natural width).
  const picture = row.locator('img');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shoot(page, 'video-trash-screen');

  await row.getByRole('button', { name: 'Restore video "clip-b"' }).click();
  await expect(toast(page, trashMessages.restored(1))).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.goto('/show/video');
  await expect(page.getByRole('row').filter({ hasText: 'clip-b' })).toHaveCount(1);
});

test("a category goes to the trash with its videos: Undo, a video alone refused, the category's Restore", async ({
  signedInPage: page,
  api,
  media,
}) => {
  const category = await seedCategory(api, media, unique('Derby'));
  const [alone] = await seedVideos(api, media, category._id, 3);
  await api.call('DELETE', '/api/App/video/', { body: { id: [alone] } });
  const deleteCategory = async () => {
    await page.getByRole('button', { name: `Delete ${category.name}` }).click();
    await answerMath(page);
    await page
      .getByRole('dialog', { name: 'Delete category' })
      .getByRole('button', { name: 'Delete' })
      .click();
  };
  const categoryRow = page.getByRole('row').filter({ hasText: category.name });
  const twoVideos = categoryRow.getByRole('cell', { name: '2', exact: true });

  await page.goto('/add/video/category');
  await expect(twoVideos).toBeVisible();
  await deleteCategory();
  const deleted = toast(page, categoryMessages.deleted);
  await expect(categoryRow).toHaveCount(0);
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, trashMessages.restored(1))).toBeVisible();
  await expect(twoVideos).toBeVisible();

  await deleteCategory();
  await expect(categoryRow).toHaveCount(0);
  await page.mouse.move(900, 600);
  await page.goto('/trash');
  const table = page.getByRole('table', { name: 'Trash' });
  const entry = table.getByRole('row').filter({ hasText: `category "${category.name}"` });
  await expect(entry).toContainText('video categories');
  const video = table.getByRole('row').filter({ hasText: 'video "clip"' });
  await video.getByRole('button', { name: 'Restore video "clip"' }).click();
  await expect(toast(page, trashMessages.categoryInTrash(category.name))).toBeVisible();
  await expect(video).toHaveCount(1);
  await shoot(page, 'video-trash-category');

  await entry.getByRole('button', { name: `Restore category "${category.name}"` }).click();
  await expect(toast(page, trashMessages.restored(1))).toBeVisible();
  await expect(entry).toHaveCount(0);
  await page.goto('/add/video/category');
  await expect(twoVideos).toBeVisible();
});
