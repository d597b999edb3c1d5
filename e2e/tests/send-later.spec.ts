import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { typedInZone as inZone } from '../zoned-time.js';
import { shoot } from '../shots.js';

// Its own server: the notifications screen's empty states elsewhere must not see these sends.
test.use({ serverFor: 'send-later' });

async function scheduleSend(page: Page, title: string, seconds: number) {
  const form = page.getByRole('form', { name: 'Send a notification' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Message').fill('Kick-off in a moment. Watch live in the app.');
  await form.getByLabel('Send at (optional)').fill(inZone(seconds));
  await form.getByRole('button', { name: 'Schedule' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(`send "${title}" to every subscribed device at`);
  await confirm.getByLabel('Type admin to confirm').fill('admin');
  await confirm.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText(/Notification scheduled for/).first()).toBeVisible();
}

test('schedule a notification a few seconds ahead and see it in the history as sent at its time', async ({
  sessionPage: page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/notification');
  await scheduleSend(page, 'Kick-off soon', 10);
  const history = page.getByRole('table', { name: 'Notification history' });
  const row = history.getByRole('row').filter({ hasText: 'Kick-off soon' });
  await expect(row).toContainText('Scheduled');
  await expect(row.getByRole('button', { name: 'Edit Kick-off soon' })).toBeVisible();
  await shoot(page, `send-later-scheduled`, { fullPage: false });

  // Sent within 5 s of its time; the history follows without a reload.
  await expect(row.getByRole('list', { name: 'Delivery' })).toBeVisible({ timeout: 25_000 });
  await expect(row).not.toContainText('Scheduled');
  await expect(row.getByRole('button', { name: 'Resend Kick-off soon' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Edit Kick-off soon' })).toHaveCount(0);
  await shoot(page, `send-later-sent`, { fullPage: false });
});

test('a scheduled notification can be edited and cancelled before it goes', async ({ sessionPage: page }) => {
  await page.goto('/notification');
  await scheduleSend(page, 'Half time', 3600);
  const history = page.getByRole('table', { name: 'Notification history' });
  await history.getByRole('button', { name: 'Edit Half time' }).click();
  const edit = page.getByRole('form', { name: 'Edit the scheduled notification' });
  await edit.getByLabel('Title').fill('Half time stats');
  const later = inZone(7200);
  await edit.getByLabel('Send at').fill(later);
  await shoot(page, `send-later-edit`, { fullPage: false });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Scheduled notification updated').first()).toBeVisible();
  const row = history.getByRole('row').filter({ hasText: 'Half time stats' });
  await expect(row).toContainText(`for ${later}`);

  await row.getByRole('button', { name: 'Cancel Half time stats' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this scheduled notification?' })
    .getByRole('button', { name: 'Cancel the notification' })
    .click();
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('button', { name: 'Edit Half time stats' })).toHaveCount(0);
});
