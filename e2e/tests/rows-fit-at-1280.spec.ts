import type { Locator, Page } from '@playwright/test';
import { notificationRoutes as routes } from '@streamdesk/contract/notifications';
import { expect, test } from '../fixtures.js';
import { shootWidths } from '../shots.js';
import { expectFitsBox, expectInView, expectLeftOf } from './layout-helpers.js';

// The rows whose texts grow on match day (a planned start and end, a scheduled send and two channels not
// configured, a failed sign-in and its Clear sign-in lock) at a laptop's width: the table fits its box, and
// those texts lie left of the opaque sticky Actions column instead of under it (docs/decisions/0013).
// Its own server: the rows it adds (and a person's failed sign-in) stay out of the other files' lists.
test.use({ serverFor: 'rows-fit-at-1280' });

const title = 'Champions Trophy Grand Final Highlights Extended Cut With Commentary In Three Lang';
const url = `https://stream.example.com/${'final/'.repeat(15)}master.m3u8`;
/** A day ahead, on the minute: planned and scheduled, not yet started or sent. */
const tomorrow = (hours = 0) =>
  new Date(Math.ceil(Date.now() / 60_000) * 60_000 + (24 + hours) * 3_600_000).toISOString();

/** The table fits its box, and each of `texts` lies whole in it, left of the Actions column. */
async function expectClearOfActions(page: Page, table: Locator, actions: Locator, ...texts: Locator[]) {
  await expectFitsBox(table);
  await expectInView(page, table, ...texts);
  await expectLeftOf(actions, ...texts);
}

test('a live match with a planned start and end: the Status column shows both times whole', async ({
  sessionPage: page,
  media,
  api,
}) => {
  await api.upload(
    'POST',
    '/api/App/liveMatch/admin',
    { title, url, plannedStart: tomorrow(), plannedEnd: tomorrow(3) },
    { image: media.png },
  );
  await page.goto('/add/liveMatch');
  const table = page.getByRole('table', { name: 'Live matches' });
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('button', { name: `Edit ${title}`, exact: true })).toBeVisible();
  await expectClearOfActions(
    page,
    table,
    row.getByRole('cell').last(),
    table.getByRole('columnheader', { name: 'Status' }),
    row.getByRole('switch', { name: `Status of ${title}` }),
    row.getByText(/^Starts \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/),
    row.getByText(/^Ends \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/),
  );
  await shootWidths(page, 'rows-fit-live-matches');
});

test('a scheduled and a sent notification: the Delivery column shows its time and every channel whole', async ({
  sessionPage: page,
  api,
}) => {
  const message = 'The final is about to begin, tap to watch it live in HD with commentary. '.repeat(3);
  await api.upload('POST', routes.send.path, { title: `Sent: ${title}`, message, url }, {});
  await api.upload(
    'POST',
    routes.send.path,
    { title: `Later: ${title}`, message, url, sendAt: tomorrow() },
    {},
  );
  await page.goto('/notification');
  const table = page.getByRole('table', { name: 'Notification history' });
  const later = table.getByRole('row').filter({ hasText: `Later: ${title}` });
  const sent = table.getByRole('row').filter({ hasText: `Sent: ${title}` });
  await expect(later.getByRole('button', { name: `Cancel Later: ${title}` })).toBeVisible();
  await expectClearOfActions(
    page,
    table,
    later.getByRole('cell').last(),
    table.getByRole('columnheader', { name: 'Delivery' }),
    later.getByText('Scheduled', { exact: true }),
    later.getByText(/^for \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d \(.+\)$/),
  );
  await expectClearOfActions(
    page,
    table,
    sent.getByRole('cell').last(),
    sent.getByRole('list', { name: 'Delivery' }),
    ...(await sent.getByRole('list', { name: 'Delivery' }).getByRole('listitem').all()),
  );
  await expect(sent.getByText('not configured')).toHaveCount(2);
  await shootWidths(page, 'rows-fit-notifications');
});

test('a message of 500 characters: three lines in its row, the whole in its tooltip', async ({
  sessionPage: page,
  api,
}) => {
  const message = 'Kick-off moved: the final now starts at 20:00, watch it live in the app. '
    .repeat(7)
    .slice(0, 500);
  await api.upload('POST', routes.send.path, { title: `Long: ${title}`, message, url }, {});
  await page.goto('/notification');
  const row = page
    .getByRole('table', { name: 'Notification history' })
    .getByRole('row')
    .filter({
      hasText: `Long: ${title}`,
    });
  const shown = row.getByTitle(message);
  await expect(shown).toBeVisible();
  const lineHeight = await shown.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  // 45 lines before the clamp.
  expect((await shown.boundingBox())!.height).toBeLessThanOrEqual(3 * lineHeight + 1);
});

test('a person with a failed sign-in: Status and Two-step show whole beside Clear sign-in lock', async ({
  sessionPage: page,
  api,
}) => {
  const email = 'leonora.lockwood@example.com';
  await api.call('POST', '/api/admin/team', {
    body: { name: 'Leonora Lockwood-Whitfield', email, role: 'editor' },
  });
  const wrong = await api.call('POST', '/api/admin/login', {
    admin: false,
    body: { a_email: email, a_password: 'a wrong guess' },
  });
  expect(wrong.message).toBe('Invalid email or password');
  await page.goto('/team');
  const table = page.getByRole('table', { name: 'Team' });
  const row = table.getByRole('row', { name: /Leonora Lockwood-Whitfield/ });
  await expect(
    row.getByRole('button', { name: 'Clear sign-in lock: Leonora Lockwood-Whitfield' }),
  ).toBeVisible();
  await expectClearOfActions(
    page,
    table,
    row.getByRole('cell').last(),
    table.getByRole('columnheader', { name: 'Status' }),
    table.getByRole('columnheader', { name: 'Two-step' }),
    row.getByText('1 failed sign-in in the last hour', { exact: true }),
    row.getByRole('cell', { name: 'Off', exact: true }),
  );
  // The head's Actions (a screen reader's word) starts where the rows' buttons do.
  await expectLeftOf(
    table.getByRole('columnheader', { name: 'Actions' }),
    table.getByRole('columnheader', { name: 'Two-step' }),
  );
  await shootWidths(page, 'rows-fit-team');
});
