import { ROLE_GRANTS, type Role } from '@streamdesk/contract/roles';
import { securityMessages } from '@streamdesk/contract/security';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from '@/ui/button';
import { Toggle } from '@/ui/toggle';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';
import { RoleContext } from './access';

const asRole = (role: Role | undefined, ui: React.ReactNode) =>
  render(<RoleContext value={role}>{ui}</RoleContext>);

describe('write controls', () => {
  it('disable themselves with the refusal as their tooltip for a role that may not change the feature', () => {
    asRole(
      'editor',
      <>
        <Button write="controller">Save</Button>
        <Button write="stories">Add story</Button>
        <Toggle write="controller" label="Maintenance" checked={false} onCheckedChange={() => {}} />
      </>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAttribute('title', 'Editors cannot change the controller');
    expect(screen.getByRole('button', { name: 'Add story' })).toBeEnabled();
    expect(screen.getByRole('switch', { name: 'Maintenance' })).toBeDisabled();
  });

  it('stay usable while the role is not known: the server still refuses', () => {
    asRole(undefined, <Button write="controller">Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('a screen the role may not open', () => {
  signedInScreenTests();
  const meAs = (role: Role, twoStepSetupRequired = false) => ({
    ...signedInApi,
    'GET /api/admin/me': {
      status: true,
      message: 'Signed-in person',
      data: {
        _id: 'p2',
        name: 'Adi',
        email: 'adi@example.com',
        role,
        permissions: ROLE_GRANTS[role],
        twoStepSetupRequired,
      },
    },
    'GET /api/admin/account/two-step': {
      status: true,
      message: 'Two-step sign-in',
      data: { enabled: false, recoveryCodesLeft: 0 },
    },
  });

  it('shows only the two-step set-up while the owner requires it of a person without it', async () => {
    mockApi(meAs('editor', true));
    renderApp('/add/story/video');
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByText(securityMessages.twoStepSetupRequired)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Turn on two-step sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a clear 403 page, and the nav leaves out its link', async () => {
    const fetchMock = mockApi(meAs('admin'));
    renderApp('/team');
    expect(await screen.findByRole('heading', { name: /Admins cannot see the team/ })).toBeInTheDocument();
    // The screen behind it waited for the role: none of its reads went out to be refused.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/team'))).toEqual(
      [],
    );
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('link', { name: 'Controller' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Team' })).toBeNull();
  });
});
