import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';

signedInScreenTests();

const session = {
  _id: 's1',
  device: 'Firefox on Linux',
  ip: '10.0.0.2',
  createdAt: '2026-12-01T06:00:00.000Z',
  lastUsedAt: '2026-12-01T07:00:00.000Z',
  current: false,
};

// The first render waits for the lazily loaded page module: slow on a loaded machine.
describe('My account: the active sessions list', { timeout: 30_000 }, () => {
  it('says a refused load in the list with a Retry that loads it again (issue 36)', async () => {
    let refused = true;
    mockApi({
      ...signedInApi,
      'GET /api/admin/account/sessions': () =>
        refused
          ? jsonResponse({ status: false, message: 'Sessions are resting' })
          : jsonResponse({ status: true, message: 'ok', data: [session] }),
    });
    renderApp('/account');
    const table = await screen.findByRole('table', { name: 'Active sessions' }, { timeout: 20_000 });
    const alert = await within(table).findByRole('alert');
    expect(alert).toHaveTextContent('Sessions are resting');
    refused = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /^Sign out: Firefox on Linux/ })).toBeInTheDocument();
  });
});
