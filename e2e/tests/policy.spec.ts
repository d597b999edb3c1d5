import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { policyMessages } from '@streamdesk/contract/policy';
import { answerCaptcha } from '../captcha.js';
import { expect, test } from '../fixtures.js';
import { E2E_API_KEY } from '../server.js';
import { expectApart } from './layout-helpers.js';
import { shoot } from '../shots.js';

test('edit and save the policy, then read it on /site/policy as text', async ({
  sessionPage: page,
  browser,
}) => {
  await page.goto('/policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();

  await page.getByLabel('Title').fill('  ');
  await page.getByLabel('Description').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(policyMessages.titleRequired)).toBeVisible();
  await expect(page.getByText(policyMessages.descriptionRequired)).toBeVisible();
  await shoot(page, `policy-edit-desktop`);

  const title = `Streamdesk Privacy Policy ${Date.now()}`;
  const description =
    'We collect only what the app needs.\n\n<script>window.__pwned = true</script><b>bold?</b>\nContact: privacy@example.com';
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill(description);

  // Save asks the arithmetic confirmation; a wrong answer saves nothing (the reload shows the old title).
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
    'You are about to update the Privacy Policy. To confirm, please solve this math problem',
  );
  await answerCaptcha(page, { wrong: true, confirm: 'Confirm' });
  await expect(page.getByText('Captcha answer is not correct')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Save' }).click();
  await answerCaptcha(page, { confirm: 'Confirm' });
  await expect(page.getByText(policyMessages.updated)).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  // The toast stays clear of the screen's own header actions (issue 36).
  const saved = page.locator('[data-sonner-toast]').filter({ hasText: policyMessages.updated });
  await expect(saved).toHaveAttribute('data-mounted', 'true');
  // The pointer on it holds it past its 5 s (sonner pauses a hovered toast): under CI's load the checks
  // and screenshots below outlasted it (stop 45's CI run, both tries).
  await saved.hover();
  await page.waitForTimeout(500); // its slide-in (0.4 s)
  await expectApart(saved, page.getByRole('button', { name: 'Edit', exact: true }));
  await expectApart(saved, page.getByRole('link', { name: 'Change log' }));
  await shoot(page, `policy-toast-1280`, { fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(300);
  await expectApart(saved, page.getByRole('button', { name: 'Edit', exact: true }));
  await shoot(page, `policy-toast-375`, { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByText('<script>window.__pwned = true</script>', { exact: false })).toBeVisible();
  await shoot(page, `policy-desktop`);

  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // Anyone, signed out, in a fresh browser context.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const visitor = await context.newPage();
  await visitor.goto('/site/policy');
  await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(visitor.getByText('We collect only what the app needs.', { exact: false })).toBeVisible();
  await expect(
    visitor.getByText('<script>window.__pwned = true</script><b>bold?</b>', { exact: false }),
  ).toBeVisible();
  expect(await visitor.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect(await visitor.locator('main b').count()).toBe(0);
  await shoot(visitor, `policy-site-desktop`);
  await visitor.setViewportSize({ width: 375, height: 800 });
  await shoot(visitor, `policy-site-375`);
  await context.close();

  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, `policy-375`);
});

test('Cancel leaves edit mode without saving', async ({ sessionPage: page }) => {
  await page.goto('/policy');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Title').fill('Not saved');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not saved' })).toHaveCount(0);
});

test('a save made after another admin saved the policy, in another page, is refused, not lost', async ({
  signedInPage: page,
  api,
}) => {
  const stamp = Date.now();
  await api.call('PUT', '/api/App/policy/admin/update', {
    body: { policy_title: `Privacy ${stamp}`, policy_description: 'We keep little.' },
  });
  const refused = editVersionMessages.changed(policyMessages.conflictThing);
  const other = await page.context().newPage();
  try {
    // This page changes the title; the other page adds a paragraph meanwhile and saves.
    await page.goto('/policy');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Title').fill(`Privacy ${stamp} (mine)`);

    await other.goto('/policy');
    await other.getByRole('button', { name: 'Edit' }).click();
    await other.getByLabel('Description').fill('We keep little.\n\nAnd we say so.');
    await other.getByRole('button', { name: 'Save' }).click();
    await answerCaptcha(other, { confirm: 'Confirm' });
    await expect(other.getByText(policyMessages.updated)).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    await answerCaptcha(page, { confirm: 'Confirm' });
    const alert = page.getByRole('alert').filter({ hasText: refused });
    await expect(alert).toBeVisible();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: refused })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(`Privacy ${stamp} (mine)`);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await shoot(page, `policy-edit-conflict`);
    expect((await api.call('GET', '/api/App/policy/admin/get')).data).toMatchObject({
      policy_title: `Privacy ${stamp}`,
      policy_description: 'We keep little.\n\nAnd we say so.',
    });

    // Reloaded, the form shows the other page's paragraph; the title change, made again, keeps it.
    await alert.getByRole('button', { name: 'Reload the policy' }).click();
    await expect(page.getByLabel('Description')).toHaveValue('We keep little.\n\nAnd we say so.');
    await expect(page.getByLabel('Title')).toHaveValue(`Privacy ${stamp}`);
    await page.getByLabel('Title').fill(`Privacy ${stamp} (mine)`);
    await page.getByRole('button', { name: 'Save' }).click();
    await answerCaptcha(page, { confirm: 'Confirm' });
    await expect(page.getByText(policyMessages.updated)).toBeVisible();
    expect((await api.call('GET', '/api/App/policy/admin/get')).data).toMatchObject({
      policy_title: `Privacy ${stamp} (mine)`,
      policy_description: 'We keep little.\n\nAnd we say so.',
    });
  } finally {
    await other.close();
  }
});

test('leaving with policy text not saved asks first; Cancel keeps it, leaving drops it', async ({
  signedInPage: page,
  api,
}) => {
  const title = `Kept ${Date.now()}`;
  await api.call('PUT', '/api/App/policy/admin/update', {
    body: { policy_title: title, policy_description: 'Saved text.' },
  });
  const videoLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Video' });
  await page.goto('/policy');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Description').fill('Saved text.\n\nA paragraph not saved yet.');

  await videoLink.click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(dialog).toContainText('Your changes to the policy are not saved.');
  await shoot(page, `policy-leave-warning`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/policy');
  await expect(page.getByLabel('Description')).toHaveValue('Saved text.\n\nA paragraph not saved yet.');

  // Closing (or reloading) the page gets the browser's own prompt.
  const asked = page.waitForEvent('dialog');
  void page.close({ runBeforeUnload: true });
  const prompt = await asked;
  expect(prompt.type()).toBe('beforeunload');
  await prompt.dismiss();
  await expect(page.getByLabel('Description')).toHaveValue('Saved text.\n\nA paragraph not saved yet.');

  await videoLink.click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL('/add/video');
  expect((await api.call('GET', '/api/App/policy/admin/get')).data).toMatchObject({
    policy_title: title,
    policy_description: 'Saved text.',
  });
});

test('a session ended with policy text not saved: the sign-in dialog asks before the login page loses it', async ({
  sessionPage: page,
  admin,
}) => {
  await page.goto('/policy');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Description').fill('A draft the session ended under.');
  // Another device signs this session out: the next admin call (the 5 s status poll) meets a 401.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('admin_download')!).token);
  const out = await page.request.post('/api/admin/logout', {
    headers: { 'api-key': E2E_API_KEY, authorization: `Bearer ${token}` },
  });
  expect(out.ok()).toBe(true);
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });

  await dialog.getByRole('button', { name: 'Go to the sign-in page' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Your changes to the policy are not saved.');
  await shoot(page, `sign-in-again-unsaved`, { fullPage: false });
  await dialog.getByRole('button', { name: 'Stay and sign in' }).click();
  await dialog.getByLabel('Email').fill(admin.email);
  await dialog.getByLabel('Password').fill(admin.password);
  await dialog.getByRole('button', { name: 'Sign in and continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/policy');
  await expect(page.getByLabel('Description')).toHaveValue('A draft the session ended under.');
});
