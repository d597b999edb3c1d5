import type { Browser } from '@playwright/test';
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
