import { passwordWeakMessage } from '@streamdesk/contract/password-strength';
import { teamMessages } from '@streamdesk/contract/team';
import { expect, test } from '../fixtures.js';
import { expectNoPageOverflow } from './layout-helpers.js';
import { shoot } from '../shots.js';

test.use({ serverFor: 'team' });

test('the owner adds an analyst, who sets a password from the one-time link and signs in without the Team screen', async ({
  signedInPage: page,
  browser,
  baseURL,
}) => {
  test.slow(); // two people's browsers, four sign-ins and two set-password pages
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Role of / })).toBeDisabled();

  await page.getByLabel('Name').fill('Ana Analyst');
  await page.getByLabel('Email').fill('ana@example.com');
  await page.getByLabel('Role', { exact: true }).selectOption('analyst');
  await page.getByRole('button', { name: 'Add person' }).click();
  const linkField = page.getByLabel('Set-password link for Ana Analyst');
  await expect(linkField).toHaveValue(/\/set-password#[\w-]{43}$/);
  const link = await linkField.inputValue();
  const row = page.getByRole('row', { name: /Ana Analyst/ });
  await expect(row).toContainText('ana@example.com');
  await expect(row.getByRole('combobox', { name: 'Role of Ana Analyst' })).toHaveValue('analyst');
  await shoot(page, `team-desktop`);

  // The same email again, in another case, is refused with the server's words.
  await page.getByLabel('Name').fill('Ana Again');
  await page.getByLabel('Email').fill('ANA@example.com');
  await page.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByText(teamMessages.emailTaken)).toBeVisible();

  // The analyst, in a browser of their own.
  const analystContext = await browser.newContext({ baseURL: baseURL! });
  const analyst = await analystContext.newPage();
  await analyst.goto(link);
  // My account's rule: twelve characters, then hard to guess, rated by the meter as it is typed.
  const meter = analyst.getByRole('meter', { name: 'Password strength' });
  await analyst.getByLabel('New password').fill('password1234');
  await expect(meter).toHaveAttribute('aria-valuetext', 'Weak');
  await analyst.getByLabel('Repeat the password').fill('password1234');
  await analyst.getByRole('button', { name: 'Set password' }).click();
  await expect(analyst.getByRole('alert')).toHaveText(
    `${passwordWeakMessage}: This is similar to a commonly used password.`,
  );
  await shoot(analyst, `set-password-weak`, { fullPage: false });
  await analyst.getByLabel('New password').fill('analyst password 1');
  await expect(meter).toHaveAttribute('aria-valuetext', 'Very strong');
  await analyst.getByLabel('Repeat the password').fill('analyst password 1');
  await analyst.getByRole('button', { name: 'Set password' }).click();
  await expect(analyst.getByText(teamMessages.passwordSet)).toBeVisible();
  await analyst.getByRole('link', { name: 'Sign in' }).click();
  await analyst.getByLabel('Email').fill('ana@example.com');
  await analyst.getByLabel('Password').fill('analyst password 1');
  await analyst.getByRole('button', { name: /sign in|log ?in/i }).click();
  await expect(analyst.getByRole('link', { name: 'Controller' })).toBeVisible();
  await expect(analyst.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await analyst.goto('/team');
  await expect(analyst.getByRole('heading', { name: /Analysts cannot see the team/ })).toBeVisible();
  await shoot(analyst, `team-analyst-refused`, { fullPage: false });

  // The link works once.
  await analyst.goto(link);
  await analyst.getByLabel('New password').fill('another password 2');
  await analyst.getByLabel('Repeat the password').fill('another password 2');
  await analyst.getByRole('button', { name: 'Set password' }).click();
  await expect(analyst.getByText(teamMessages.linkInvalid)).toBeVisible();

  // The analyst is still signed in; the owner signs them out everywhere: their next page load is signed out.
  await analyst.goto('/controller');
  await expect(analyst.getByRole('link', { name: 'Controller' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out everywhere: Ana Analyst' }).click();
  await expect(page.getByText('Ana Analyst is signed out everywhere (1 session)')).toBeVisible();
  await analyst.goto('/controller');
  // Signed out either way: the login page when this load's own check meets the 401, or the signed-out
  // page when a call of the page before met it first (a list still loading as the owner clicked), which
  // forgot the session already.
  await expect(
    analyst.getByRole('heading', { name: /^(Sign in to Streamdesk|You are signed out)$/ }),
  ).toBeVisible();
  await expect(analyst.getByRole('link', { name: 'Controller' })).toHaveCount(0);

  // A password reset shows a new one-time link, which sets a new password.
  await page.getByRole('button', { name: 'Reset password of Ana Analyst' }).click();
  const resetLink = page.getByLabel('Set-password link for Ana Analyst');
  await expect(resetLink).not.toHaveValue(link);
  await shoot(page, `team-reset-link`);
  await analyst.goto(await resetLink.inputValue());
  await analyst.getByLabel('New password').fill('analyst password 3');
  await analyst.getByLabel('Repeat the password').fill('analyst password 3');
  await analyst.getByRole('button', { name: 'Set password' }).click();
  await expect(analyst.getByText(teamMessages.passwordSet)).toBeVisible();

  // The owner disables the analyst: the row says so.
  await page.getByRole('button', { name: 'Disable Ana Analyst' }).click();
  await expect(row).toContainText('Disabled');
  await expect(page.getByRole('button', { name: 'Enable Ana Analyst' })).toBeVisible();
  await analystContext.close();
});

test("the owner clears a person's sign-in lock on the Team screen, and the log says so", async ({
  signedInPage: page,
  api,
}) => {
  const added = await api.call('POST', '/api/admin/team', {
    body: { name: 'Lea Locked', email: 'lea@example.com', role: 'editor' },
  });
  const id = (added.data as { _id: string })._id;
  const signIn = () =>
    api.call('POST', '/api/admin/login', {
      admin: false,
      body: { a_email: 'lea@example.com', a_password: 'a wrong guess' },
    });
  for (let i = 0; i < 5; i++) expect((await signIn()).message).toBe('Invalid email or password');
  expect((await signIn()).message).toMatch(/^Too many sign-in attempts/);

  await page.getByRole('link', { name: 'Team' }).click();
  const row = page.getByRole('row', { name: /Lea Locked/ });
  await expect(row).toContainText('5 failed sign-ins in the last hour');
  await expect(page.getByRole('button', { name: /^Clear sign-in lock: Ana/ })).toHaveCount(0);
  await shoot(page, `team-sign-in-lock`);
  await row.getByRole('button', { name: 'Clear sign-in lock: Lea Locked' }).click();
  await expect(page.getByText('Lea Locked may sign in from anywhere again')).toBeVisible();
  await expect(row).not.toContainText('failed sign-in');
  await expect(row.getByRole('button', { name: /^Clear sign-in lock/ })).toHaveCount(0);

  // Her next sign-in is checked again, and the activity log names who cleared the lock.
  expect((await signIn()).message).toBe('Invalid email or password');
  const log = await api.call('GET', '/api/admin/activity?limit=10');
  expect(log.data).toContainEqual(
    expect.objectContaining({ action: 'clear', feature: 'team', itemId: id, label: 'person "Lea Locked"' }),
  );
});

test('on a phone the Team screen fits the screen, and each role select shows its role whole', async ({
  signedInPage: page,
  api,
}) => {
  await api.call('POST', '/api/admin/team', {
    body: { name: 'Pia Phone', email: 'pia@example.com', role: 'analyst' },
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/team');
  const select = page.getByRole('combobox', { name: 'Role of Pia Phone' });
  await expect(select).toHaveValue('analyst');
  // The table scrolls sideways in its own box; nothing in it (a hidden "Actions" header) widens the page.
  await expectNoPageOverflow(page);
  await select.scrollIntoViewIfNeeded();
  const { needs, has } = await select.evaluate((el) => ({ needs: el.scrollWidth, has: el.clientWidth }));
  expect(has, `the role select is ${has} px wide for ${needs} px of role`).toBeGreaterThanOrEqual(needs);
  await shoot(page, `team-phone-role`, { fullPage: false });
});
