import { notificationMessages } from '@streamdesk/contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as leave from '@/test/leave-guard';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';
import { historyOf, notificationRow } from '../test-notifications';

/** The send form asks before a move loses a notification not sent, and not once it is sent (issue 36). */

const sent = notificationRow(1, { n_title: 'Kick-off', n_message: 'At 8' });

async function openForm() {
  mockApi({
    ...signedInApi,
    ...leave.policyApi,
    'GET /api/App/notification/history': { status: true, message: 'ok', data: [], totalPage: 0, total: 0 },
    'POST /api/App/notification/send': { status: true, message: notificationMessages.sent, data: sent },
  });
  const view = renderApp('/notification');
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: 'Send a notification' }, { timeout: 8000 }));
  return { ...view, user, form };
}

signedInScreenTests();

describe('Send a notification: a notification not sent', { timeout: 40_000 }, () => {
  it('asks before the menu leaves it: Cancel keeps every field, Leave goes', async () => {
    const page = await openForm();
    const { user, form } = page;
    expect(leave.asksBeforeUnload()).toBe(false);
    await user.type(form.getByLabelText('Title'), 'Kick-off');
    await user.type(form.getByLabelText('Message'), 'At 8');
    await user.type(form.getByLabelText('URL'), 'https://e.com/match');
    await leave.expectAskedBeforeLeaving(page, 'the notification', () => {
      expect(form.getByLabelText('Title')).toHaveValue('Kick-off');
      expect(form.getByLabelText('Message')).toHaveValue('At 8');
      expect(form.getByLabelText('URL')).toHaveValue('https://e.com/match');
    });
  });

  it('does not ask once the notification is sent', async () => {
    const page = await openForm();
    const { user, form } = page;
    await user.type(form.getByLabelText('Title'), 'Kick-off');
    await user.type(form.getByLabelText('Message'), 'At 8');
    await user.click(form.getByRole('button', { name: 'Send' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    await user.type(within(confirm).getByLabelText('Type admin to confirm'), 'admin');
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(form.getByLabelText('Title')).toHaveValue(''));
    await leave.expectLeavesWithoutAsking(page);
  });
});

const scheduled = notificationRow(2, {
  n_title: 'Kick-off soon',
  n_message: 'At 8',
  status: 'scheduled',
  scheduledAt: '2099-01-01T14:00:00.000Z',
});

async function openEditScheduled() {
  mockApi({
    ...signedInApi,
    ...leave.policyApi,
    'GET /api/App/notification/history': historyOf([scheduled]),
  });
  const view = renderApp('/notification');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit Kick-off soon' }, { timeout: 8000 }));
  const dialog = () => screen.queryByRole('dialog', { name: 'Edit the scheduled notification' });
  return { ...view, user, dialog, title: () => within(dialog()!).getByLabelText('Title') };
}

describe('Edit the scheduled notification: changes not saved', { timeout: 40_000 }, () => {
  const what = 'the scheduled notification';

  it('asks before Esc closes it with a change: Cancel keeps the change, Leave without saving closes', async () => {
    const page = await openEditScheduled();
    await page.user.type(page.title(), ' tonight');
    await leave.expectAskedBeforeDropping(page.user, what, () => page.user.keyboard('{Escape}'), {
      kept: () => expect(page.title()).toHaveValue('Kick-off soon tonight'),
      went: () => waitFor(() => expect(page.dialog()).toBeNull()),
    });
    // Opened again, it shows the notification as it is stored.
    await page.user.click(screen.getByRole('button', { name: 'Edit Kick-off soon' }));
    expect(page.title()).toHaveValue('Kick-off soon');
  });

  it('asks before Keep as it was or a click outside closes it too', async () => {
    const page = await openEditScheduled();
    const { user } = page;
    await user.type(page.title(), ' tonight');
    const keep = () => user.click(within(page.dialog()!).getByRole('button', { name: 'Keep as it was' }));
    await leave.stay(user, await leave.askedBy(keep, what));
    // Outside the dialog: the page under it takes no pointer events while it is open.
    const outside = () => userEvent.setup({ pointerEventsCheck: 0 }).click(document.body);
    await leave.stay(user, await leave.askedBy(outside, what));
    expect(page.title()).toHaveValue('Kick-off soon tonight');
  });

  it('closes at once with nothing changed, or with a change typed back', async () => {
    const page = await openEditScheduled();
    await page.user.type(page.title(), '!{Backspace}');
    await leave.expectMovesWithoutAsking(
      () => page.user.keyboard('{Escape}'),
      () => waitFor(() => expect(page.dialog()).toBeNull()),
    );
  });
});
