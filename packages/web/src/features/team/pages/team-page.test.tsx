import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '@/test/render-app';
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
});
