import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { controllerDefaults } from '@streamdesk/contract/controller';
import type { ControllerSchedule } from '@streamdesk/contract/controller-schedules';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';
import { dateTimeMessages } from '@/ui/date-time-field';

signedInScreenTests();

/**
 * The controller screen with no scheduled change yet; what the form sends is kept, and listed back (or
 * the list answered by `refuse` while it gives a message).
 */
function openController(refuse: () => string | undefined = () => undefined) {
  const state = { sent: [] as Record<string, unknown>[], schedules: [] as ControllerSchedule[] };
  mockApi({
    ...signedInApi,
    'GET /api/App/admin/ControlerData': {
      status: true,
      message: 'Controller settings',
      data: controllerDefaults,
      installNew: { status: false, btn_url: '' },
      appOpens: 0,
      versions: {},
    },
    'GET /api/admin/controller/schedules': () => {
      const refused = refuse();
      return refused
        ? jsonResponse({ status: false, message: refused })
        : jsonResponse({ status: true, message: 'Scheduled changes', data: state.schedules });
    },
    'POST /api/admin/controller/schedules': (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as {
        changes: object;
        startAt: string;
        endAt: string | null;
      };
      state.sent.push(body);
      const schedule: ControllerSchedule = {
        _id: 's1',
        ...body,
        changes: body.changes as Record<string, unknown>,
        status: 'upcoming',
        personName: 'admin',
        createdAt: '2026-12-01T00:00:00.000Z',
        startVersion: null,
        note: '',
      };
      state.schedules = [schedule];
      return jsonResponse({ status: true, message: 'Change scheduled', data: schedule });
    },
  });
  renderApp('/controller');
  return state;
}

describe('Scheduled Changes', () => {
  it('takes the start and end typed as DD/MM/YYYY HH:MM, refuses an end before the start, and lists them so', async () => {
    const state = openController();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Schedule a change' }, { timeout: 8000 });
    await user.selectOptions(within(form).getByLabelText('Setting'), 'maintenance');
    await user.click(within(form).getByRole('button', { name: 'Add setting' }));

    const start = within(form).getByLabelText('Starts at');
    const end = within(form).getByLabelText('Ends at (optional)');
    await user.type(start, '24/12/2099 19:30');
    await user.type(end, '24/12/2099 18:00');
    expect(end).toHaveAccessibleDescription(dateTimeMessages.endBeforeStart);
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(state.sent).toHaveLength(0);
    // Neither moved: the start is as typed, the end waits beside its message.
    expect(start).toHaveValue('24/12/2099 19:30');
    expect(end).toHaveValue('24/12/2099 18:00');
    expect(end).toHaveFocus();

    await user.clear(end);
    await user.type(end, '25/12/2099 01:15:30');
    expect(end).not.toHaveAttribute('aria-invalid');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    // The wall clock of Asia/Kolkata (+5:30), as the native input's value was sent before.
    await waitFor(() =>
      expect(state.sent).toEqual([
        {
          changes: { maintenance: true },
          startAt: '2099-12-24T14:00:00.000Z',
          endAt: '2099-12-24T19:45:30.000Z',
        },
      ]),
    );
    const table = screen.getByRole('table', { name: 'Scheduled changes' });
    const row = await within(table).findByRole('row', { name: /Maintenance Mode: On/ });
    expect(row).toHaveTextContent('24/12/2099 19:30:00');
    expect(row).toHaveTextContent('25/12/2099 01:15:30');
  }, 20_000);

  it('says a start that is not a date and time beside it, and one left empty', async () => {
    const state = openController();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Schedule a change' }, { timeout: 8000 });
    await user.click(within(form).getByRole('button', { name: 'Add setting' }));
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(within(form).getByLabelText('Starts at')).toHaveAccessibleDescription(
      'Choose when the change starts',
    );
    await user.type(within(form).getByLabelText('Starts at'), '12/31/2099 19:30');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(within(form).getByLabelText('Starts at')).toHaveAccessibleDescription(dateTimeMessages.dateTime);
    expect(state.sent).toHaveLength(0);
  }, 20_000);

  it('says a refused list in it with a Retry that loads it again (issue 36)', async () => {
    let refused = true;
    openController(() => (refused ? 'Schedules are resting' : undefined));
    const table = await screen.findByRole('table', { name: 'Scheduled changes' }, { timeout: 8000 });
    const alert = await within(table).findByRole('alert');
    expect(alert).toHaveTextContent('Schedules are resting');
    refused = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('No scheduled changes.')).toBeInTheDocument();
    expect(within(table).queryByRole('alert')).not.toBeInTheDocument();
  }, 20_000);
});
