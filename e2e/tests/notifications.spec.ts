import type { Page } from '@playwright/test';
import { mediaMessages } from '@streamdesk/contract/media';
import {
  notificationMessages as msg,
  notificationRoutes as routes,
  notificationsDeletedMessage,
} from '@streamdesk/contract/notifications';
import { expect, test } from '../fixtures.js';
import { expectFitsBox, expectInView } from './layout-helpers.js';
import { shoot } from '../shots.js';

/** Solves the arithmetic confirmation the way a person would: reads the problem, types the sum. */
async function solveCaptcha(page: Page, wrongFirst = false) {
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  const problem = (await dialog.getByTestId('math-problem').textContent()) ?? '';
  const [a, b] = problem.match(/\d+/g)!.map(Number) as [number, number];
  if (wrongFirst) {
    await dialog.getByLabel('Answer').fill(String(a + b + 1));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Captcha answer is not correct')).toBeVisible();
  }
  await dialog.getByLabel('Answer').fill(String(a + b));
  await dialog.getByRole('button', { name: 'Delete' }).click();
}

test('send a notification, see its delivery status, resend it and delete it through the captcha', async ({
  sessionPage: page,
  media,
}) => {
  await page.goto('/notification');
  await expect(page.getByRole('heading', { name: 'Notification', exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Send a notification' });
  const history = page.getByRole('table', { name: 'Notification history' });
  await expect(history).toContainText('No notification has been sent yet.');

  // The form's own checks, before any call.
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText(msg.titleRequired)).toBeVisible();
  await expect(form.getByText(msg.messageRequired)).toBeVisible();
  await form.getByLabel('Title').fill('Final tonight');
  await form.getByLabel('Message').fill('Kick-off at 8 PM. Watch live in the app.');
  await form.getByLabel('URL').fill('not a link');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText(msg.urlInvalid)).toBeVisible();
  await form.getByLabel('URL').fill('https://example.com/live/final');
  await form.getByLabel('Icon').setInputFiles(media.notAnImage);
  await expect(form.getByText(mediaMessages.image)).toBeVisible();
  await form.getByLabel('Icon').setInputFiles(media.png);
  await expect(form.getByText(mediaMessages.image)).toBeHidden();

  // Sending reaches every device, so it is confirmed by typing admin (a wrong word first).
  await form.getByRole('button', { name: 'Send' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText('You are about to send "Final tonight" to every subscribed device');
  await shoot(page, `notifications-confirm-send`, { fullPage: false });
  await confirm.getByLabel('Type admin to confirm').fill('yes');
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please type admin to confirm')).toBeVisible();
  await expect(confirm).toBeVisible();
  await confirm.getByLabel('Type admin to confirm').fill(' Admin ');
  await confirm.getByRole('button', { name: 'Send' }).click();
  // No push service is configured here: stored, and one neutral message says no device got it.
  await expect(page.locator('[data-sonner-toast][data-type="info"]')).toContainText(msg.noChannel);
  await expect(page.getByText(msg.sent)).toHaveCount(0);
  await expect(form.getByLabel('Title')).toHaveValue('');

  // A refused icon is dropped with its message, and Send still goes on (the icon is optional).
  await form.getByLabel('Title').fill('No icon');
  await form.getByLabel('Message').fill('Sent without one.');
  await form.getByLabel('Icon').setInputFiles(media.notAnImage);
  await expect(form.getByText(mediaMessages.image)).toBeVisible();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(confirm).toContainText('You are about to send "No icon"');
  await expect(form.getByText(mediaMessages.image)).toBeHidden();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await form.getByLabel('Title').fill('');
  await form.getByLabel('Message').fill('');

  const row = history.getByRole('row').filter({ hasText: 'Final tonight' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Kick-off at 8 PM. Watch live in the app.');
  await expect(row.getByRole('link', { name: 'https://example.com/live/final' })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Icon of Final tonight' })).toBeVisible();
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (AM|PM)/);
  // Neither channel is configured in this environment, and the row says so per channel.
  const delivery = row.getByRole('list', { name: 'Delivery' });
  await expect(delivery).toContainText('App (FCM):not configured');
  await expect(delivery).toContainText('Web push:not configured');

  await shoot(page, `notifications-desktop`);

  // Resend: a second row, with its own copy of the icon.
  await row.getByRole('button', { name: 'Resend Final tonight' }).click();
  await expect(confirm).toContainText(
    'You are about to send "Final tonight" again to every subscribed device',
  );
  await confirm.getByLabel('Type admin to confirm').fill('admin');
  await confirm.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText(msg.noChannel).first()).toBeVisible();
  const rows = history.getByRole('row').filter({ hasText: 'Final tonight' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('img', { name: 'Icon of Final tonight' })).toBeVisible();

  // Delete one, through the captcha (a wrong answer first).
  await rows.nth(0).getByRole('button', { name: 'Delete Final tonight' }).click();
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
    'You are about to delete the notification "Final tonight"',
  );
  await solveCaptcha(page, true);
  await expect(page.getByText(msg.deleted)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(history.getByRole('row').filter({ hasText: 'Final tonight' })).toHaveCount(1);

  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, `notifications-mobile`);
});

test('a refusal from the server is shown as a toast: deleting a row someone else already deleted', async ({
  sessionPage: page,
  api,
}) => {
  const sent = await api.upload('POST', routes.send.path, { title: 'Gone soon', message: 'm' }, {});
  const id = (sent.data as { _id: string })._id;
  await page.goto('/notification');
  const row = page.getByRole('row').filter({ hasText: 'Gone soon' });
  await expect(row).toHaveCount(1);
  expect(await api.call('DELETE', routes.delete.path, { body: { id: [id] } })).toMatchObject({
    status: true,
  });

  await row.getByRole('button', { name: 'Delete Gone soon' }).click();
  await solveCaptcha(page);
  await expect(page.getByText(msg.notFound)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('delete several selected notifications at once', async ({ sessionPage: page, api }) => {
  for (const title of ['Bulk one', 'Bulk two', 'Bulk keep'])
    await api.upload('POST', routes.send.path, { title, message: 'm' }, {});
  await page.goto('/notification');
  const history = page.getByRole('table', { name: 'Notification history' });
  await history.getByRole('checkbox', { name: 'Select Bulk one' }).check();
  await history.getByRole('checkbox', { name: 'Select Bulk two' }).check();
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
    'You are about to delete 2 notifications',
  );
  await solveCaptcha(page);
  // The count, as the stories' and reels' bulk deletes say it; one notification keeps msg.deleted.
  await expect(page.getByText(notificationsDeletedMessage(2))).toBeVisible();
  await expect(history.getByRole('row').filter({ hasText: /Bulk (one|two)/ })).toHaveCount(0);
  await expect(history.getByRole('row').filter({ hasText: 'Bulk keep' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
});

test('a long title wraps: the history fits a laptop screen, its actions stay in reach on a phone', async ({
  sessionPage: page,
  api,
}) => {
  const title = 'Champions Trophy Grand Final Highlights Extended Cut With Commentary In Three Lang';
  const url = `https://example.com/${'n'.repeat(80)}`;
  const message = 'The final is about to begin, tap to watch it live in HD with commentary. '.repeat(3);
  const sent = await api.upload('POST', routes.send.path, { title, message, url }, {});
  const id = (sent.data as { _id: string })._id;
  try {
    await page.goto('/notification');
    const history = page.getByRole('table', { name: 'Notification history' });
    const row = history.getByRole('row').filter({ hasText: title });
    await expect(row.getByRole('link', { name: url })).toHaveAttribute('title', url);
    await expectFitsBox(history);
    await expectInView(
      page,
      history,
      row.getByRole('button', { name: `Resend ${title}` }),
      row.getByRole('button', { name: `Delete ${title}` }),
    );

    // Closing a confirmation gives focus back to the button that opened it.
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await page.keyboard.press('Escape');
    await expect(row.getByRole('button', { name: `Delete ${title}` })).toBeFocused();
    await row.getByRole('button', { name: `Resend ${title}` }).click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect(row.getByRole('button', { name: `Resend ${title}` })).toBeFocused();

    // On a phone each row is a card (docs/decisions/0060): its buttons lie whole on the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await expectInView(
      page,
      history,
      row.getByRole('button', { name: `Resend ${title}` }),
      row.getByRole('button', { name: `Delete ${title}` }),
    );
  } finally {
    await api.call('DELETE', routes.delete.path, { body: { id: [id] } });
  }
});

test('the public site can subscribe: its service worker and the VAPID key route are served', async ({
  page,
  apiKey,
}) => {
  const sw = await page.request.get('/site/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(await sw.text()).toContain("addEventListener('push'");
  const key = await page.request.get(routes.vapidKey.path, { headers: { 'api-key': apiKey } });
  expect(await key.json()).toEqual({ status: true, message: msg.vapidKey, publicKey: null });
});
