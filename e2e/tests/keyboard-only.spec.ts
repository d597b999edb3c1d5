import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { seedImageStories } from './story-helpers.js';
import { answerMath, seedCategory, seedVideos } from './video-helpers.js';
import { shoot } from '../shots.js';

// A keyboard-only pass over three screens (issue 36): each is reached from the side navigation and used
// with Tab, Enter, Space, the arrows and typing; no pointer. Its own server: it changes the controller.
test.use({ serverFor: 'keyboard-only' });

/**
 * Presses Tab until `target` has the focus, and fails when `most` presses do not reach it: what a person
 * on the keyboard could not reach in a sensible number of steps. Answers how many it took.
 */
async function tabTo(page: Page, target: Locator, most = 80) {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reached in ${most} Tab presses`).toBeFocused({ timeout: 1 });
  return most;
}

/** From the top of the page: the link `name` of the navigation `nav`, followed with Enter. */
async function openFromNavigation(page: Page, nav: string, name: string, heading: string | RegExp) {
  await page.locator('body').focus();
  await tabTo(page, page.getByRole('navigation', { name: nav }).getByRole('link', { name, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test('controller: a switch flipped with Space and a number saved with Enter', async ({
  signedInPage: page,
}) => {
  await openFromNavigation(page, 'Account', 'Controller', 'Controller');
  const sw = page.getByRole('switch', { name: 'Story Video', exact: true });
  const before = (await sw.getAttribute('aria-checked')) === 'true';
  await tabTo(page, sw, 120);
  await page.keyboard.press('Space');
  await expect(sw).toHaveAttribute('aria-checked', String(!before));
  await expect(sw).toBeFocused();

  const timer = page.getByRole('form', { name: 'NTV Timer', exact: true }).getByLabel('NTV Timer');
  await tabTo(page, timer, 120);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Updated successfully').first()).toBeVisible();
  await shoot(page, 'keyboard-controller-1280');
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'NTV Timer', exact: true }).getByLabel('NTV Timer'),
  ).toHaveValue('7');
  await expect(page.getByRole('switch', { name: 'Story Video', exact: true })).toHaveAttribute(
    'aria-checked',
    String(!before),
  );
});

test('story videos: a story switched off from its row through the confirmation, and its edit page opened', async ({
  signedInPage: page,
  api,
  media,
}) => {
  await seedImageStories(api, media.png, 1);
  await page.reload();
  await openFromNavigation(page, 'Main', 'Story', 'Shortcut stories');
  await openFromNavigation(page, 'Story section', 'Story', 'Story');
  const row = page.getByRole('row', { name: /Active/ }).first();
  // The row's status switch and its buttons (issue 36: buttons on every list, no row menu).
  const status = row.getByRole('switch', { name: /^Status of story/ });
  await tabTo(page, status);
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Answer')).toBeFocused();
  await answerMath(page);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  // The spec's words for an inactive story; the focus is back on the row's switch.
  await expect(page.getByRole('row').filter({ hasText: 'De Active' })).toHaveCount(1);
  await expect(status).toBeFocused();

  // Tab on to the row's Edit, which opens the story's edit page.
  const edit = row.getByRole('button', { name: /^Edit story/ });
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/update\/story\//);
  await shoot(page, 'keyboard-story-edit-1280');
});

test('video library: a video chosen with Space and renamed with Enter, found by typing in Search', async ({
  signedInPage: page,
  api,
  media,
}) => {
  const category = await seedCategory(api, media);
  await seedVideos(api, media, category._id, 2);
  await page.reload();
  await openFromNavigation(page, 'Main', 'Video', /Video/);
  await tabTo(page, page.getByRole('link', { name: /Library|All Videos|Show/ }).first());
  await page.keyboard.press('Enter');
  const categories = page.getByLabel('Category');
  await tabTo(page, categories);
  // A closed select follows the arrow keys.
  for (let i = 0; i < 5 && (await categories.locator('option:checked').textContent()) !== category.name; i++)
    await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Showing 2 of 2 videos')).toBeVisible();

  const box = page.getByRole('checkbox', { name: /^Select Video \d$/ }).first();
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();

  const rename = page.getByRole('button', { name: /^Rename Video \d$/ }).first();
  await tabTo(page, rename);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Rename video' });
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Keyboard final');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  // Focus comes back to the row's Rename button, where the person was.
  await expect(rename).toBeFocused();

  const search = page.getByRole('searchbox', { name: 'Search' });
  await tabTo(page, search);
  await page.keyboard.type('keyboard');
  await expect(page.getByText('Showing 1 of 1 videos')).toBeVisible();
  await shoot(page, 'keyboard-library-1280');
});
