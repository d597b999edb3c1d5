import { notificationRoutes } from '@streamdesk/contract/notifications';
import type { Locator, Page } from '@playwright/test';
import { answerCaptcha } from '../captcha.js';
import { expect, test } from '../fixtures.js';
import { shoot } from '../shots.js';

/** Searching and sorting the live matches list and the notification history as a person does (issue 36, 0052). */

// The matches and notifications it adds stay out of other files' counts and empty states.
test.use({ serverFor: 'live-notification-search-sort' });
test.describe.configure({ mode: 'serial' });

const bodyRows = (table: Locator) => table.locator('tbody tr');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

test('search the live matches by title and sort them by a header, then edit a row inline', async ({
  sessionPage: page,
  api,
  media,
}) => {
  // Added one after another, the first the oldest.
  for (const title of ['india v australia', 'Brazil v Chile', 'England v India'])
    await api.upload(
      'POST',
      '/api/App/liveMatch/admin',
      { title, url: 'https://stream.example.com/m' },
      { image: media.png },
    );

  await page.goto('/add/liveMatch');
  const table = page.getByRole('table', { name: 'Live matches' });
  await expect(bodyRows(table)).toHaveCount(3);
  await expect(bodyRows(table).first()).toContainText('England v India');

  await search(page).fill('INDIA');
  await expect(page).toHaveURL(/\?q=INDIA$/);
  await expect(bodyRows(table)).toHaveCount(2);

  // A to Z by a click on the Title header, kept in the address with the search.
  const title = table.getByRole('columnheader', { name: 'Title' });
  await expect(title).not.toHaveAttribute('aria-sort');
  await title.getByRole('button', { name: 'Title' }).click();
  await expect(page).toHaveURL(/\?q=INDIA&sort=title$/);
  await expect(title).toHaveAttribute('aria-sort', 'ascending');
  await expect(bodyRows(table).first()).toContainText('England v India');
  await expect(bodyRows(table).last()).toContainText('india v australia');
  await shoot(page, 'lists-b-live-matches');

  // A reload finds the same view; Z to A by a second click.
  await page.reload();
  await expect(search(page)).toHaveValue('INDIA');
  await expect(bodyRows(table).first()).toContainText('England v India');
  await title.getByRole('button', { name: 'Title' }).click();
  await expect(page).toHaveURL(/\?q=INDIA&sort=-title$/);
  await expect(bodyRows(table).first()).toContainText('india v australia');

  // The inline edit still works on a searched, sorted list.
  await table.getByRole('button', { name: 'Edit india v australia', exact: true }).click();
  const editing = table.getByRole('row', { name: 'Editing india v australia' });
  await editing.getByLabel('Edit title').fill('India v Australia');
  await editing.getByRole('button', { name: 'Save' }).click();
  await answerCaptcha(page, { confirm: 'Confirm' });
  await expect(table.getByText('India v Australia', { exact: true })).toBeVisible();

  await search(page).fill('pakistan');
  await expect(page.getByText('No live matches match "pakistan"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\?sort=-title$/);
  await expect(bodyRows(table)).toHaveCount(3);
  await expect(search(page)).toHaveValue('');
});

test('search the notification history by message and sort it by title and date', async ({
  sessionPage: page,
  api,
}) => {
  for (const [title, message] of [
    ['Match tonight', 'India v Australia at 19:30'],
    ['breaking', 'The final is on'],
    ['Reminder', 'The FINAL starts soon'],
  ] as const)
    await api.upload('POST', notificationRoutes.send.path, { title, message }, {});

  await page.goto('/notification');
  const table = page.getByRole('table', { name: 'Notification history' });
  await expect(bodyRows(table)).toHaveCount(3);
  await expect(bodyRows(table).first()).toContainText('Reminder');
  await expect(page.getByText('Showing 1–3 of 3 notifications')).toBeVisible();

  await search(page).fill('final');
  await expect(page).toHaveURL(/\?q=final$/);
  await expect(bodyRows(table)).toHaveCount(2);
  await expect(page.getByText('Showing 1–2 of 2 notifications')).toBeVisible();

  const titleHeader = table.getByRole('columnheader', { name: 'Title' });
  await titleHeader.getByRole('button', { name: 'Title' }).click();
  await expect(page).toHaveURL(/\?q=final&sort=title$/);
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(bodyRows(table).first()).toContainText('breaking');
  await expect(bodyRows(table).last()).toContainText('Reminder');

  // Oldest first: Date once turns it to newest first (the default, out of the address), twice to oldest.
  const date = table.getByRole('columnheader', { name: 'Date' });
  await date.getByRole('button', { name: 'Date' }).click();
  await expect(page).toHaveURL(/\?q=final$/);
  await expect(date).toHaveAttribute('aria-sort', 'descending');
  await date.getByRole('button', { name: 'Date' }).click();
  await expect(page).toHaveURL(/\?q=final&sort=date$/);
  await expect(bodyRows(table).first()).toContainText('breaking');
  await shoot(page, 'lists-b-notifications');

  await search(page).fill('cricket');
  await expect(page.getByText('No notifications match "cricket"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(bodyRows(table)).toHaveCount(3);
  await expect(bodyRows(table).first()).toContainText('Match tonight');
});
