import { storyMessages } from '@streamdesk/contract/stories';
import { expect, test } from '../fixtures.js';
import { clearStoryVideos, rowButton, seedImageStories } from './story-helpers.js';
import { answerMath, seedCategory, seedVideos } from './video-helpers.js';
import { shoot } from '../shots.js';

// 201 stories and 101 videos: a server of its own, so no other file's counts see them.
test.use({ serverFor: 'list-page-in-url' });

test('a list keeps its page in the URL: an edit returns to it, a reload keeps it with the filter', async ({
  sessionPage: page,
  api,
  media,
}) => {
  test.setTimeout(180_000);
  await seedImageStories(api, media.png, 201);
  const category = await seedCategory(api, media);
  for (const count of [50, 50, 1]) await seedVideos(api, media, category._id, count);
  try {
    // Page 2 of the Story Video List, written into the URL.
    await page.goto('/add/story/video');
    const table = page.getByRole('table', { name: 'Story Video List' });
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(page.getByText('Showing 1–200 of 201 stories')).toBeVisible();
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL('/add/story/video?page=2');
    await expect(page.getByText('Showing 201 of 201 stories')).toBeVisible();

    // Story 201 edited there and saved: after the toast, back on page 2, not page 1.
    await rowButton(page, 201, 'Edit').click();
    await expect(page).toHaveURL(/\/update\/story\/video\/[0-9a-f]{24}$/);
    await page.getByLabel('Button Name').fill('Oldest, edited');
    await page.getByRole('button', { name: 'Save' }).click();
    await answerMath(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(storyMessages.updated)).toBeVisible();
    await expect(page).toHaveURL('/add/story/video?page=2');
    await expect(page.getByText('Showing 201 of 201 stories')).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(table.getByRole('row')).toHaveCount(2);
    // Back to page 1 is the bare path.
    await pager.getByRole('button', { name: 'Page 1' }).click();
    await expect(page).toHaveURL('/add/story/video');
    await expect(page.getByText('Showing 1–200 of 201 stories')).toBeVisible();

    // The video library filtered to the category, on page 2; a reload keeps both.
    await page.goto('/show/video');
    await page.getByLabel('Category').selectOption({ label: category.name });
    await expect(page).toHaveURL(`/show/video?category=${category._id}`);
    await expect(page.getByText('Showing 100 of 101 videos')).toBeVisible();
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(`/show/video?category=${category._id}&page=2`);
    await expect(page.getByText('Showing 1 of 101 videos')).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(`/show/video?category=${category._id}&page=2`);
    await expect(page.getByLabel('Category')).toHaveValue(category._id);
    await expect(page.getByText('Showing 1 of 101 videos')).toBeVisible();
    await expect(page.getByRole('row', { name: 'Video 101' })).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await shoot(page, 'list-page-in-url-video-library-page-2');

    // Browser Back is the page before, still filtered.
    await page.goBack();
    await expect(page).toHaveURL(`/show/video?category=${category._id}`);
    await expect(page.getByText('Showing 100 of 101 videos')).toBeVisible();
    await expect(page.getByLabel('Category')).toHaveValue(category._id);
  } finally {
    await clearStoryVideos(api);
  }
});
