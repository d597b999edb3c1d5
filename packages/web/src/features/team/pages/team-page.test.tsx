import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';

signedInScreenTests();

const person = (id: string, name: string, role: string) => ({
  _id: id,
  name,
  email: `${id}@example.com`,
  role,
  status: 'active',
  twoStep: false,
  createdAt: '2026-12-01T06:00:00.000Z',
  failedSignIns: 0,
});

// The first render waits for the lazily loaded page module: slow on a loaded machine.
describe('the Team screen', { timeout: 30_000 }, () => {
  it('links each person to their entries in the activity log (role changes, resets, sign-ins)', async () => {
    mockApi({
      ...signedInApi,
      'GET /api/admin/team': {
        status: true,
        message: 'Team fetched',
        data: [person('p1', 'admin', 'owner'), person('p2', 'Ana Analyst', 'analyst')],
      },
      'GET /api/admin/security': { status: true, message: 'ok', data: { requireTwoStep: false } },
    });
    renderApp('/team');
    expect(
      await screen.findByRole('link', { name: 'History of Ana Analyst' }, { timeout: 20_000 }),
    ).toHaveAttribute('href', '/activity?feature=team&item=p2');
  });

  it('says a refused load in the list with a Retry that loads it again (issue 36)', async () => {
    let refused = true;
    mockApi({
      ...signedInApi,
      'GET /api/admin/team': () =>
        refused
          ? jsonResponse({ status: false, message: 'The team is resting' })
          : jsonResponse({
              status: true,
              message: 'Team fetched',
              data: [person('p2', 'Ana Analyst', 'analyst')],
            }),
      'GET /api/admin/security': { status: true, message: 'ok', data: { requireTwoStep: false } },
    });
    renderApp('/team');
    const table = await screen.findByRole('table', { name: 'Team' }, { timeout: 20_000 });
    const alert = await within(table).findByRole('alert');
    expect(alert).toHaveTextContent('The team is resting');
    refused = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('Ana Analyst')).toBeInTheDocument();
    expect(within(table).queryByRole('alert')).not.toBeInTheDocument();
  });
  it('refuses a name of spaces beside the form, without asking the server', async () => {
    const fetchMock = mockApi({
      ...signedInApi,
      'GET /api/admin/team': {
        status: true,
        message: 'Team fetched',
        data: [person('p1', 'admin', 'owner')],
      },
      'GET /api/admin/security': { status: true, message: 'ok', data: { requireTwoStep: false } },
      'POST /api/admin/team': { status: true, message: 'Person added', data: person('p3', 'x', 'editor') },
    });
    renderApp('/team');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('region', { name: 'Add a person' }, { timeout: 20_000 }));
    await user.type(form.getByLabelText('Name'), '   ');
    await user.type(form.getByLabelText('Email'), 'new@example.com');
    await user.click(form.getByRole('button', { name: 'Add person' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Enter a name$/);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});
