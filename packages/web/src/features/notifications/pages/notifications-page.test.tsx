import { notificationMessages, type Notification } from '@streamdesk/contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';
import { undoApi } from '@/test/undo';
import { historyOf, notificationRow } from '../test-notifications';

const sending = notificationRow(1);
/** A notification scheduled for 01/01/2099 19:30 in the report zone (14:00 UTC). */
const scheduled: Notification = {
  ...sending,
  _id: 'n2',
  n_title: 'Kick-off soon',
  status: 'scheduled',
  scheduledAt: '2099-01-01T14:00:00.000Z',
  createdAt: '2099-01-01T14:00:00.000Z',
};

signedInScreenTests();

describe('Notifications page', () => {
  it('links each sent notification to its entries in the activity log', async () => {
    mockApi({
      ...signedInApi,
      'GET /api/App/notification/history': {
        status: true,
        message: 'ok',
        data: [sending],
        totalPage: 1,
        total: 1,
      },
    });
    renderApp('/notification');
    expect(
      await screen.findByRole('link', { name: 'History of Match tonight' }, { timeout: 10_000 }),
    ).toHaveAttribute('href', '/activity?feature=notifications&item=n1');
  });

  it('keeps the page and what is being typed when a delivery poll fails', async () => {
    const history = vi.fn(() => {
      // The first load answers; every poll after it fails like a dropped network.
      if (history.mock.calls.length > 1) throw new TypeError('Failed to fetch');
      return jsonResponse({ status: true, message: 'ok', data: [sending], totalPage: 1, total: 1 });
    });
    mockApi({ ...signedInApi, 'GET /api/App/notification/history': history });
    const { router } = renderApp('/notification');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title', {}, { timeout: 5000 }), 'Half-time offer');

    // The 2 s poll and its one retry fail; the next poll is made once that failure has been handled.
    await waitFor(() => expect(history.mock.calls.length).toBeGreaterThanOrEqual(4), { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/notification');
    expect(screen.getByLabelText('Title')).toHaveValue('Half-time offer');
    expect(screen.getByText('Match tonight')).toBeInTheDocument();
  }, 20_000);

  it.each([
    ['no push service is configured: one neutral message, no green success', 'not configured', 'info'],
    ['a push service took it: the green success', 'pending', 'success'],
  ] as const)(
    'a send when %s',
    async (_case, status, type) => {
      const delivery = { fcm: { status, detail: null }, webPush: { status, detail: null } };
      mockApi({
        ...signedInApi,
        'GET /api/App/notification/history': {
          status: true,
          message: 'ok',
          data: [],
          totalPage: 0,
          total: 0,
        },
        'POST /api/App/notification/send': {
          status: true,
          message: 'Notification sent',
          data: { ...sending, delivery },
        },
      });
      renderApp('/notification');
      const user = userEvent.setup();
      const form = await screen.findByRole('form', { name: 'Send a notification' }, { timeout: 5000 });
      await user.type(within(form).getByLabelText('Title'), 'Kick-off');
      await user.type(within(form).getByLabelText('Message'), 'At 8');
      await user.click(within(form).getByRole('button', { name: 'Send' }));
      const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
      await user.type(within(confirm).getByLabelText('Type admin to confirm'), 'admin');
      await user.click(within(confirm).getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1));
      const toast = document.querySelector('[data-sonner-toast]')!;
      expect(toast).toHaveAttribute('data-type', type);
      expect(toast).toHaveTextContent(
        type === 'info' ? notificationMessages.noChannel : notificationMessages.sent,
      );
    },
    20_000,
  );

  it('deletes a notification to the trash through the captcha, and Undo in the toast restores it', async () => {
    const restore = undoApi();
    const sent = { ...sending, delivery: { ...sending.delivery }, deliveredAt: sending.createdAt };
    mockApi({
      ...signedInApi,
      'GET /api/App/notification/history': {
        status: true,
        message: 'ok',
        data: [sent],
        totalPage: 1,
        total: 1,
      },
      'DELETE /api/App/notification/delete': {
        status: true,
        message: notificationMessages.deleted,
        deleted: 1,
      },
      ...restore.api,
    });
    renderApp('/notification');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Match tonight' }, { timeout: 5000 }));
    await answerMath({ confirm: 'Delete' });
    expect(await restore.undo(notificationMessages.deleted)).toEqual([['n1']]);
  }, 20_000);

  it('schedules a send for a time in the report zone, and offers Edit and Cancel on it in the history', async () => {
    let sent: FormData | undefined;
    mockApi({
      ...signedInApi,
      'GET /api/App/notification/history': historyOf([scheduled]),
      'POST /api/App/notification/send': (_url: string, init: RequestInit) => {
        sent = init.body as FormData;
        return jsonResponse({ status: true, message: 'Notification scheduled', data: scheduled });
      },
    });
    renderApp('/notification');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Send a notification' }, { timeout: 5000 });
    await user.type(within(form).getByLabelText('Title'), 'Kick-off soon');
    await user.type(within(form).getByLabelText('Message'), 'At 8');
    await user.type(within(form).getByLabelText('Send at (optional)'), '01/01/2099 19:30');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    await user.type(within(confirm).getByLabelText('Type admin to confirm'), 'admin');
    await user.click(within(confirm).getByRole('button', { name: 'Schedule' }));
    // 19:30 in Asia/Kolkata (+5:30) is 14:00 UTC.
    await waitFor(() => expect(sent?.get('sendAt')).toBe('2099-01-01T14:00:00.000Z'));
    expect(await screen.findByText(/Notification scheduled for 01\/01\/2099 19:30:00/)).toBeInTheDocument();

    const history = screen.getByRole('table', { name: 'Notification history' });
    // In parts that wrap between them (BreaksBetween): the line read whole.
    const line = (_: string, el: Element | null) =>
      el?.textContent === 'for 01/01/2099 19:30:00 (Asia/Kolkata)';
    expect(within(history).getByText(line)).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: 'Edit Kick-off soon' })).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: 'Cancel Kick-off soon' })).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: 'Resend Kick-off soon' })).toBeNull();
  }, 20_000);

  it('says beside the field that a send time has passed, in the send form and the scheduled edit, and sends nothing', async () => {
    const written = vi.fn(() => jsonResponse({ status: true, message: 'ok', data: scheduled }));
    mockApi({
      ...signedInApi,
      'GET /api/App/notification/history': historyOf([scheduled]),
      'POST /api/App/notification/send': written,
      'PUT /api/App/notification/scheduled/n2': written,
    });
    renderApp('/notification');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Send a notification' }, { timeout: 5000 });
    await user.type(within(form).getByLabelText('Title'), 'Kick-off soon');
    await user.type(within(form).getByLabelText('Message'), 'At 8');
    await user.type(within(form).getByLabelText('Send at (optional)'), '01/01/2020 19:30');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(await within(form).findByText('Choose a time in the future')).toBeInTheDocument();

    const history = screen.getByRole('table', { name: 'Notification history' });
    await user.click(within(history).getByRole('button', { name: 'Edit Kick-off soon' }));
    const edit = await screen.findByRole('form', { name: 'Edit the scheduled notification' });
    const when = within(edit).getByLabelText('Send at');
    await user.clear(when);
    await user.type(when, '01/01/2020 19:30');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByText('Choose a time in the future')).toBeInTheDocument();
    expect(written).not.toHaveBeenCalled();
  }, 20_000);
});
