import type { Browser, Page } from '@playwright/test';
import { teamMessages } from '@streamdesk/contract/team';
import { expect, type Api } from './fixtures.js';

/** A person of `role` added by the owner, their password set through the one-time link's token. */
export async function addPerson(api: Api, name: string, role: string, email = `${role}@example.com`) {
  const password = `${role} password 12`;
  const added = await api.call('POST', '/api/admin/team', { body: { name, email, role } });
  const token = String(added.setPasswordLink).split('#')[1];
  await api.call('POST', '/api/admin/password/set', { admin: false, body: { token, password } });
  return { email, password };
}

/** Signs in through the sign-in screen in a browser context of its own. */
export async function signIn(browser: Browser, baseURL: string, who: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/admin/panel/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: /sign in|log ?in/i }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  return page;
}

/** The owner adds a person on the Team screen: answers the one-time set-password link it shows once. */
export async function addOnTeamScreen(owner: Page, name: string, email: string, role: string) {
  await owner.goto('/team');
  await owner.getByLabel('Name').fill(name);
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Role', { exact: true }).selectOption(role);
  await owner.getByRole('button', { name: 'Add person' }).click();
  const link = owner.getByLabel(`Set-password link for ${name}`);
  await expect(link).toHaveValue(/\/set-password#[\w-]{43}$/);
  return link.inputValue();
}

/** A person in a browser of their own: sets their password from the one-time link, then signs in. */
export async function signInFromLink(
  browser: Browser,
  baseURL: string,
  link: string,
  who: { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('New password').fill(who.password);
  await page.getByLabel('Repeat the password').fill(who.password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText(teamMessages.passwordSet)).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: /sign in|log ?in/i }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  return page;
}
