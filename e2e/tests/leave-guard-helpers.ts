import { expect, type Locator, type Page } from '@playwright/test';
import { shoot } from '../shots.js';

/** Where the leave-question screenshots go. */

/** Leaves the screen by the sidebar's Policy link: the 'Unsaved changes' question that opens. */
export async function askedToLeave(page: Page, what: string): Promise<Locator> {
  return askedBy(page, what, () =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Policy' }).click(),
  );
}

/** The 'Unsaved changes' question `move` opens (a sidebar link, Edit on another row), naming `what`. */
export async function askedBy(page: Page, what: string, move: () => Promise<void>): Promise<Locator> {
  await move();
  const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(ask).toContainText(`Your changes to ${what} are not saved. If you leave now, they are lost.`);
  return ask;
}

/** 'Leave without saving' on the question: the Policy screen shows. */
export async function leaveWithoutSaving(page: Page, ask: Locator) {
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL('/policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
}

/**
 * With `what` unsaved, the sidebar's Policy link asks (screenshot `shot`); Cancel keeps the screen and
 * what was typed (`kept` checks it); asked again, 'Leave without saving' goes to the Policy screen.
 */
export async function askCancelThenLeave(page: Page, what: string, kept: () => Promise<void>, shot: string) {
  const here = page.url();
  const ask = await askedToLeave(page, what);
  await shoot(page, `${shot}`, { fullPage: false });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  expect(page.url()).toBe(here);
  await kept();

  await leaveWithoutSaving(page, await askedToLeave(page, what));
}
