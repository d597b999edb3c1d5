import type { Page } from '@playwright/test';
import { categoryMessages } from '@streamdesk/contract/video-categories';
import { answerCaptcha } from '../captcha.js';
import { expect, test } from '../fixtures.js';
import { seedCategory, unique } from './video-helpers.js';
import { shoot } from '../shots.js';

/**
 * One confirmation rule (docs/decisions/0055-one-confirmation-rule.md): a list row's status switch asks
 * the arithmetic question before it sends, as the story switch always has. Cancel leaves it as it was.
 */

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Change status' });

test('a live match switched off through the confirmation, Cancel leaving it on', async ({
  signedInPage: page,
  api,
  media,
}) => {
  const title = unique('Confirm Final');
  const added = await api.upload(
    'POST',
    '/api/App/liveMatch/admin',
    { title, url: 'https://stream.example.com/confirm' },
    { image: media.png },
  );
  const id = (added.data as { _id: string })._id;
  const stored = async () =>
    (
      (await api.call('GET', `/api/App/liveMatch/admin?page=1&limit=100&q=${encodeURIComponent(title)}`))
        .data as {
        _id: string;
        status: boolean;
      }[]
    ).find((m) => m._id === id)?.status;
  expect(await stored()).toBe(true);

  await page.goto('/add/liveMatch');
  const status = page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('switch', { name: `Status of ${title}` });
  await expect(status).toBeChecked();

  await status.click();
  await expect(dialog(page)).toContainText(
    `You are about to change the status of Live Match "${title}". To confirm, please solve this math problem`,
  );
  await shoot(page, 'confirm-live-match', { fullPage: false });
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(status).toBeChecked();
  expect(await stored()).toBe(true);

  await status.click();
  await answerCaptcha(page, { confirm: 'Confirm', title: 'Change status', wrong: true });
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Captcha answer is not correct' }),
  ).toBeVisible();
  // The dialog stays; the page under it is hidden from the accessibility tree until it closes.
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(status).toBeChecked();
  expect(await stored()).toBe(true);
  await status.click();
  await answerCaptcha(page, { confirm: 'Confirm', title: 'Change status' });
  await expect(dialog(page)).toBeHidden();
  await expect(status).not.toBeChecked();
  expect(await stored()).toBe(false);
});

test('a category switched off through the confirmation, from the keyboard', async ({
  sessionPage: page,
  api,
  media,
}) => {
  const category = await seedCategory(api, media);
  await page.goto('/add/video/category');
  const status = page.getByRole('switch', { name: `Status of ${category.name}` });
  await expect(status).toBeChecked();

  await status.click();
  await expect(dialog(page)).toContainText(
    `You are about to change the status of the category "${category.name}". To confirm, please solve this math problem`,
  );
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(status).toBeChecked();
  // Focus is back on the switch: Space asks again.
  await expect(status).toBeFocused();
  await page.keyboard.press('Space');
  await answerCaptcha(page, { confirm: 'Confirm', title: 'Change status', wrong: true });
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: categoryMessages.wrongAnswer }),
  ).toBeVisible();
  await answerCaptcha(page, { confirm: 'Confirm', title: 'Change status' });
  await expect(dialog(page)).toBeHidden();
  await expect(status).not.toBeChecked();
  const listed = (await api.call('GET', '/api/App/video/category')).data as {
    _id: string;
    status: boolean;
  }[];
  expect(listed.find((c) => c._id === category._id)?.status).toBe(false);
});
