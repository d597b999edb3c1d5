import { expect, test } from '../fixtures.js';
import { askCancelThenLeave } from './leave-guard-helpers.js';
import { listStoryVideos, seedImageStories } from './story-helpers.js';

// The story seeded here would show in other files' story lists.
test.use({ serverFor: 'leave-guard-stories' });

/**
 * Issue 36: a form holding work not saved asks before the menu leaves it. Cancel stays with the typed
 * text; 'Leave without saving' goes on.
 */
test('the story edit form and the notification form ask before the menu loses what was typed', async ({
  sessionPage: page,
  api,
  media,
}) => {
  await seedImageStories(api, media.png, 1);
  const [story] = await listStoryVideos(api);

  await page.goto(`/update/story/video/${story!._id}`);
  const name = page.getByLabel('Button Name');
  await expect(name).toHaveValue('Go');
  await name.fill('Watch the final');
  await askCancelThenLeave(
    page,
    'the story',
    () => expect(name).toHaveValue('Watch the final'),
    'leave-guard-story-edit',
  );

  await page.goto('/notification');
  const form = page.getByRole('form', { name: 'Send a notification' });
  await form.getByLabel('Title').fill('Kick-off');
  await form.getByLabel('Message').fill('The final starts at 8');
  await askCancelThenLeave(
    page,
    'the notification',
    async () => {
      await expect(form.getByLabel('Title')).toHaveValue('Kick-off');
      await expect(form.getByLabel('Message')).toHaveValue('The final starts at 8');
    },
    'leave-guard-notification',
  );
});
