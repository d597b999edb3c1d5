import { policyMessages } from '@streamdesk/contract/policy';
import { answerCaptcha } from '../captcha.js';
import { expect, test } from '../fixtures.js';

const shots = '/tmp/shots';

test('edit and save the policy, then read it on /site/policy as text', async ({
  signedInPage: page,
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
  await page.screenshot({ path: `${shots}/policy-edit-desktop.png`, fullPage: true });

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
  await expect(page.getByText('<script>window.__pwned = true</script>', { exact: false })).toBeVisible();
  await page.screenshot({ path: `${shots}/policy-desktop.png`, fullPage: true });

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
  await visitor.screenshot({ path: `${shots}/policy-site-desktop.png`, fullPage: true });
  await visitor.setViewportSize({ width: 375, height: 800 });
  await visitor.screenshot({ path: `${shots}/policy-site-375.png`, fullPage: true });
  await context.close();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}/policy-375.png`, fullPage: true });
});

test('Cancel leaves edit mode without saving', async ({ signedInPage: page }) => {
  await page.goto('/policy');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Title').fill('Not saved');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not saved' })).toHaveCount(0);
});
