import type { Page } from '@playwright/test';
import { controllerRoutes } from '@streamdesk/contract/controller';
import { storyMessages } from '@streamdesk/contract/stories';
import { answerCaptcha } from '../captcha.js';
import { expect, test } from '../fixtures.js';
import { addOnTeamScreen, signInFromLink } from '../people.js';
import { rowButton, seedImageStories } from './story-helpers.js';
import { shoot } from '../shots.js';

test.use({ serverFor: 'team-activity' });

/** Every write control on the screen that may be used. */
const usableWrites = (page: Page) => page.locator('[data-write]:enabled');

/**
 * Issue 33's walk through, end to end: people added on the Team screen sign in from their one-time links
 * in browsers of their own, and the owner finds what they did in Activity by name. roles.spec.ts walks
 * every screen for each role; this one follows the people.
 */
test('the owner adds an editor and an analyst; each signs in from their link; the owner finds their work in Activity and reverts a controller change', async ({
  signedInPage: owner,
  api,
  media,
  browser,
  baseURL,
}) => {
  test.slow(); // three browsers, two set-password pages and sign-ins
  await seedImageStories(api, media.png, 1);
  const eddie = { email: 'eddie@example.com', password: 'eddie edits stories 1' };
  const ana = { email: 'ana@example.com', password: 'ana reads the numbers 1' };
  const eddieLink = await addOnTeamScreen(owner, 'Eddie Editor', eddie.email, 'editor');
  const anaLink = await addOnTeamScreen(owner, 'Ana Analyst', ana.email, 'analyst');

  // The editor edits a story, but finds the controller read-only.
  const editor = await signInFromLink(browser, baseURL!, eddieLink, eddie);
  await editor.goto('/add/story/video');
  await rowButton(editor, 1, 'Edit').click();
  // The form shows the story as stored before it is changed (a value typed sooner can be replaced by it).
  await expect(editor.getByLabel('Button Name')).toHaveValue('Go');
  await editor.getByLabel('Button Name').fill('Edited by Eddie');
  await editor.getByRole('button', { name: 'Save' }).click();
  await answerCaptcha(editor, { confirm: 'Confirm' });
  await expect(editor.getByText(storyMessages.updated)).toBeVisible();
  await editor.getByRole('link', { name: 'Controller' }).click();
  await expect(editor.getByRole('button', { name: 'Save' }).first()).toHaveAttribute(
    'title',
    'Editors cannot change the controller',
  );
  await expect(editor.getByRole('switch', { name: 'Reels', exact: true })).toBeDisabled();
  await expect(usableWrites(editor)).toHaveCount(0);
  await editor.context().close();

  // The analyst sees lists and analytics without a single write button.
  const analyst = await signInFromLink(browser, baseURL!, anaLink, ana);
  for (const path of ['/add/story/video', '/add/liveMatch', '/controller']) {
    await analyst.goto(path);
    await expect(analyst.locator('[data-write]:disabled').first(), path).toBeVisible();
    await expect(usableWrites(analyst), path).toHaveCount(0);
  }
  const story = (await api.call('GET', '/api/App/all/only/story/video?page=1&limit=1')) as {
    data: { _id: string }[];
  };
  await analyst.goto(`/views/dashboard/${story.data[0]!._id}`);
  await expect(analyst.getByRole('button', { name: /download|csv/i })).toBeEnabled();
  await expect(usableWrites(analyst)).toHaveCount(0);
  await analyst.context().close();

  // The owner changes a controller switch, then finds everyone's work in Activity, by name.
  await owner.goto('/controller');
  const reels = owner.getByRole('switch', { name: 'Reels', exact: true });
  const before = (await reels.getAttribute('aria-checked')) === 'true';
  await reels.click();
  await expect(reels).toHaveAttribute('aria-checked', String(!before));

  await owner.getByRole('link', { name: 'Activity' }).click();
  await owner.getByLabel('Person').selectOption({ label: 'Eddie Editor' });
  await owner.getByRole('button', { name: 'Apply filters' }).click();
  const edit = owner.getByRole('row', { name: /story "Edited by Eddie"/ });
  await expect(edit).toContainText('Eddie Editor');
  await expect(edit).toContainText('(editor)');
  await expect(edit).toContainText('update');
  await expect(owner.getByRole('row', { name: /Ana Analyst/ })).toHaveCount(0);
  await edit.getByRole('button', { name: /^Details/ }).click();
  const diff = owner.getByRole('dialog', { name: 'story "Edited by Eddie"' });
  await expect(diff.getByRole('row', { name: /btnName/ })).toContainText('Go');
  await expect(diff.getByRole('row', { name: /btnName/ })).toContainText('Edited by Eddie');
  await shoot(owner, `team-activity-editor-diff`, { fullPage: false });
  await diff.getByRole('button', { name: 'Close' }).click();

  await owner.getByLabel('Person').selectOption({ label: 'Ana Analyst' });
  await owner.getByRole('button', { name: 'Apply filters' }).click();
  await expect(owner.getByRole('row', { name: /sign-in/ }).first()).toContainText('Ana Analyst');

  // The owner reverts the controller change from its entry; the app's launch reply has the old value.
  await owner.getByRole('button', { name: 'Clear filters' }).click();
  await owner.getByRole('button', { name: 'Details of controller: Reels' }).first().click();
  await owner
    .getByRole('dialog', { name: 'controller: Reels' })
    .getByRole('button', { name: 'Revert this change' })
    .click();
  await expect(owner.getByText('Change reverted')).toBeVisible();
  const launch = await api.call('GET', controllerRoutes.loadCheck.path, { admin: false });
  expect((launch.data as { controller: { reels: boolean } }).controller.reels).toBe(before);
});
