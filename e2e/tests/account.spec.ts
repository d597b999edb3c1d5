import { generate } from 'otplib';
import { accountMessages } from '@streamdesk/contract/account';
import { passwordWeakMessage } from '@streamdesk/contract/password-strength';
import { teamMessages } from '@streamdesk/contract/team';
import { RECOVERY_CODE_COUNT, twoStepMessages } from '@streamdesk/contract/two-step';
import { expect, test } from '../fixtures.js';
import { addPerson, signIn } from '../people.js';
import { shoot } from '../shots.js';

test.use({ serverFor: 'account' });

test('an editor renames themselves and changes their password: too short and too easy refused, a good one signs in', async ({
  api,
  browser,
  baseURL,
}) => {
  const who = await addPerson(api, 'Eddie Editor', 'editor');
  const page = await signIn(browser, baseURL!, who);
  await page.getByRole('link', { name: 'My account' }).first().click();
  await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();

  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Eddie Editor');
  await page.getByRole('textbox', { name: 'Name' }).fill('Edwina Editor');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText(accountMessages.renamed)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Edwina Editor');

  const meter = page.getByRole('meter', { name: 'Password strength' });
  const alert = page.getByRole('alert');
  await page.getByLabel('Current password').fill(who.password);
  await page.getByLabel('New password', { exact: true }).fill('short one');
  await page.getByLabel('Repeat the new password').fill('short one');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(alert).toHaveText(teamMessages.passwordTooShort);

  await page.getByLabel('New password', { exact: true }).fill('password1234');
  await page.getByLabel('Repeat the new password').fill('password1234');
  await expect(meter).toHaveAttribute('aria-valuetext', 'Weak');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(alert).toHaveText(new RegExp(`^${passwordWeakMessage}`));
  await shoot(page, `account-weak-password`);

  const good = 'violet harbour tractor';
  await page.getByLabel('New password', { exact: true }).fill(good);
  await page.getByLabel('Repeat the new password').fill(good);
  await expect(meter).toHaveAttribute('aria-valuetext', 'Very strong');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(accountMessages.passwordChanged)).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('');

  const login = (password: string) =>
    api.call('POST', '/api/admin/login', {
      admin: false,
      body: { a_email: who.email, a_password: password },
    });
  expect((await login(who.password)).status).toBe(false);
  expect((await login(good)).status).toBe(true);
  await page.context().close();
});

test('two browsers of one analyst: "Sign out everywhere else" from one sends the other to sign-in', async ({
  api,
  browser,
  baseURL,
}) => {
  const who = await addPerson(api, 'Ana Analyst', 'analyst');
  const laptop = await signIn(browser, baseURL!, who);
  const phone = await signIn(browser, baseURL!, who);

  await laptop.goto('/account');
  const sessions = laptop.getByRole('table', { name: 'Active sessions' });
  const rows = sessions.getByRole('row').filter({ has: laptop.getByRole('cell') });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(rows.first()).toContainText(/Chrome \d+ on Linux/);
  await expect(rows.first()).toContainText('127.0.0.1');
  // The other browser's row has its own Sign out; this device's has none.
  await expect(sessions.getByRole('button', { name: /^Sign out: / })).toHaveCount(1);
  await shoot(laptop, `account-desktop`);

  await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(laptop.getByText(`${accountMessages.othersEnded} (1 session)`)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(laptop.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  await phone.goto('/controller');
  await expect(phone.getByRole('heading', { name: 'Sign in to Streamdesk' })).toBeVisible();
  await laptop.goto('/controller');
  await expect(laptop.getByRole('link', { name: 'Controller' })).toBeVisible();
  await laptop.context().close();
  await phone.context().close();
});

test('an admin turns on two-step sign-in with a code computed from the shown key, then signs in with a code', async ({
  api,
  browser,
  baseURL,
  signedInPage: owner,
}) => {
  const who = await addPerson(api, 'Ada Admin', 'admin', 'ada@example.com');
  const page = await signIn(browser, baseURL!, who);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await page.getByRole('textbox', { name: 'Secret key' }).inputValue();
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(page.getByText(twoStepMessages.codeWrong)).toBeVisible();
  await shoot(page, `account-two-step-set-up`);
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(RECOVERY_CODE_COUNT);
  await shoot(page, `account-recovery-codes`);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText(/Recovery codes left: 10/)).toBeVisible();

  // The owner's Team screen says it is on.
  await owner.goto('/team');
  await expect(owner.getByRole('row', { name: /Ada Admin/ })).toContainText('On');

  // Sign-out revokes the token, then opens the sign-in page itself: going there sooner could find the
  // session still stored and be sent on to the dashboard.
  await page.getByRole('link', { name: 'Logout' }).first().click();
  await expect(page.getByRole('heading', { name: 'Sign in to Streamdesk' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: /sign in|log ?in/i }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await shoot(page, `login-two-step`, { fullPage: false });
  await code.fill(await generate({ secret }));
  await page.getByRole('button', { name: /sign in|log ?in/i }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.context().close();
});
