import { notificationMessages } from '@streamdesk/contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as leave from '@/test/leave-guard';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';
import { notificationRow } from '../test-notifications';

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
