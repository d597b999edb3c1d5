import type { Page } from '@playwright/test';
import { storyMessages } from '@streamdesk/contract/stories';
import { answerCaptcha } from '../captcha.js';
import { expect, test } from '../fixtures.js';
import { addPerson, signIn } from '../people.js';
import { rowButton, seedImageStories } from './story-helpers.js';
import { shoot } from '../shots.js';
import { openInApp } from './in-app.js';

test.use({ serverFor: 'roles' });

/** Every write control on the screen: none may be usable. */
const usableWrites = (page: Page) => page.locator('[data-write]:enabled');

test('an editor finds the controller read-only but edits a story', async ({
  api,
  media,
  browser,
  baseURL,
}) => {
  await seedImageStories(api, media.png, 1);
  const editor = await signIn(browser, baseURL!, await addPerson(api, 'Eddie Editor', 'editor'));
  await expect(editor.getByRole('link', { name: 'Team' })).toHaveCount(0);

  await editor.getByRole('link', { name: 'Controller' }).click();
  const save = editor.getByRole('button', { name: 'Save' }).first();
  await expect(save).toBeDisabled();
  await expect(save).toHaveAttribute('title', 'Editors cannot change the controller');
  await expect(editor.getByRole('switch').first()).toBeDisabled();
  await expect(editor.getByLabel('After Splash Ads')).toBeDisabled();
  await expect(usableWrites(editor)).toHaveCount(0);
  await shoot(editor, `roles-editor-controller`, { fullPage: false });

  await editor.goto('/add/story/video');
  await rowButton(editor, 1, 'Edit').click();
  await editor.getByLabel('Button Name').fill('Edited by the editor');
  await editor.getByRole('button', { name: 'Save' }).click();
  await answerCaptcha(editor, { confirm: 'Confirm' });
  await expect(editor.getByText(storyMessages.updated)).toBeVisible();
  await editor.context().close();
});

test('an analyst sees lists and analytics without one write button', async ({
  api,
  media,
  browser,
  baseURL,
}) => {
  test.slow(); // thirteen screens, each a page load
  await seedImageStories(api, media.png, 1);
  const analyst = await signIn(browser, baseURL!, await addPerson(api, 'Ana Analyst', 'analyst'));
  const screens = [
    '/add/story',
    '/add/story/video',
    '/story/add/reels',
    '/add/liveMatch',
    '/add/liveMatch/liveAdWeb',
    '/notification',
    '/manage/ads/nativeAds/add',
    '/manage/ads/webAds/add',
    '/manage/ads/inHouseAds/add',
    '/add/video',
    '/add/video/category',
    '/controller',
    '/policy',
  ];
  for (const path of screens) {
    await openInApp(analyst, path);
    // Each of these screens has a write control: once one shows disabled, the role is applied.
    await expect(analyst.locator('[data-write]:disabled').first(), path).toBeVisible();
    await expect(usableWrites(analyst), path).toHaveCount(0);
  }
  // A list's row menu offers only what an analyst may do, and the story's own menu greys out its changes.
  await analyst.goto('/add/story/video');
  await expect(rowButton(analyst, 1, 'Edit')).toBeDisabled();
  await expect(analyst.getByRole('button', { name: 'Upload' })).toHaveAttribute(
    'title',
    'Analysts cannot change stories',
  );
  await shoot(analyst, `roles-analyst-stories`, { fullPage: false });

  // Analytics reads, without its clear button.
  const story = (await api.call('GET', '/api/App/all/only/story/video?page=1&limit=1')) as {
    data: { _id: string }[];
  };
  await analyst.goto(`/views/dashboard/${story.data[0]!._id}`);
  await expect(analyst.getByRole('button', { name: /download|csv/i })).toBeEnabled();
  await expect(usableWrites(analyst)).toHaveCount(0);

  // Team is not theirs: a clear page, not an error.
  await analyst.goto('/team');
  await expect(analyst.getByRole('heading', { name: /Analysts cannot see the team/ })).toBeVisible();
  await analyst.context().close();
});
