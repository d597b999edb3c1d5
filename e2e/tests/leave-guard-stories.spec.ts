import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { listStoryVideos, seedImageStories } from './story-helpers.js';

// The story seeded here would show in other files' story lists.
test.use({ serverFor: 'leave-guard-stories' });

/**
 * Issue 36: a form holding work not saved asks before the menu leaves it. Cancel stays with the typed
 * text; 'Leave without saving' goes on.
 */
async function tryToLeave(page: Page, what: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Policy' }).click();
  const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(ask).toContainText(`Your changes to ${what} are not saved. If you leave now, they are lost.`);
  return ask;
}

async function leave(page: Page, ask: ReturnType<Page['getByRole']>) {
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL('/policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
}

test('the story edit form and the notification form ask before the menu loses what was typed', async ({
  signedInPage: page,
  api,
  media,
}) => {
  await seedImageStories(api, media.png, 1);
  const [story] = await listStoryVideos(api);

  await page.goto(`/update/story/video/${story!._id}`);
  const name = page.getByLabel('Button Name');
  await expect(name).toHaveValue('Go');
  await name.fill('Watch the final');
  let ask = await tryToLeave(page, 'the story');
  await page.screenshot({ path: '/tmp/shots/leave-guard-story-edit.png' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(`/update/story/video/${story!._id}`);
  await expect(name).toHaveValue('Watch the final');
  ask = await tryToLeave(page, 'the story');
  await leave(page, ask);

  await page.goto('/notification');
  const form = page.getByRole('form', { name: 'Send a notification' });
  await form.getByLabel('Title').fill('Kick-off');
  await form.getByLabel('Message').fill('The final starts at 8');
  ask = await tryToLeave(page, 'the notification');
  await page.screenshot({ path: '/tmp/shots/leave-guard-notification.png' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL('/notification');
  await expect(form.getByLabel('Title')).toHaveValue('Kick-off');
  await expect(form.getByLabel('Message')).toHaveValue('The final starts at 8');
  ask = await tryToLeave(page, 'the notification');
  await leave(page, ask);
});
