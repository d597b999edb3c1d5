import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';

signedInScreenTests({ authStatus: 'signed-in' });

const api = {
  ...signedInApi,
  'GET /api/App/policy/admin/get': {
    status: true,
    message: 'Policy',
    data: { policy_title: 'Privacy Policy', policy_description: '', updatedAt: null },
  },
};

describe('the shell', { timeout: 15_000 }, () => {
  it('opens with a skip link first in the tab order, which moves focus to the screen', async () => {
    mockApi(api);
    renderApp('/policy');
    await screen.findByRole('main', {}, { timeout: 8000 });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('keeps the side navigation expanded once asked, across a reload', async () => {
    mockApi(api);
    const first = renderApp('/policy');
    const user = userEvent.setup();
    const expand = await screen.findByRole('button', { name: 'Expand sidebar' }, { timeout: 8000 });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(expand).toHaveAttribute('aria-expanded', 'true');
    expect(expand).toHaveAccessibleName('Collapse sidebar');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveClass('md:w-56');
    first.unmount();

    renderApp('/policy');
    const again = await screen.findByRole('button', { name: 'Collapse sidebar' }, { timeout: 8000 });
    expect(again).toHaveAttribute('aria-expanded', 'true');
    await user.click(again);
    await waitFor(() => expect(again).toHaveAttribute('aria-expanded', 'false'));
    expect(localStorage.getItem('streamdesk.sideNavExpanded')).toBeNull();
  });
});
