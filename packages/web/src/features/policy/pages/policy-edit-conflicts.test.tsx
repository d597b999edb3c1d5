import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { systemStatsRoutes } from '@streamdesk/contract/system-stats';
import { callApi } from '@/lib/api-client';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { answerMath } from '@/test/answer-math';
import {
  asksBeforeUnload,
  expectAskedBeforeLeaving,
  expectLeavesWithoutAsking,
  toVideo,
} from '@/test/leave-guard';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests, signedInApi as signedIn } from '@/test/signed-in-screen';

/** The policy edit: edit conflicts (docs/decisions/0009-edit-conflicts.md) and the warning before leaving. */

signedInScreenTests();

const refused = editVersionMessages.changed('privacy policy');
const first = {
  data: { policy_title: 'Privacy', policy_description: 'We keep little.', updatedAt: null },
  version: '1111111111111111',
};

/** The policy screen over a stored policy whose PUT refuses a save read at another version. */
function openPolicy() {
  const state = { stored: first, sent: [] as Record<string, unknown>[] };
  mockApi({
    ...signedIn,
    'GET /api/App/policy/admin/get': () => jsonResponse({ status: true, message: 'Policy', ...state.stored }),
    'PUT /api/App/policy/admin/update': (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      state.sent.push(body);
      if (body.version !== state.stored.version)
        return jsonResponse({ status: false, message: refused }, 409);
      const { version: _version, ...text } = body;
      state.stored = { data: { ...state.stored.data, ...text }, version: '3333333333333333' };
      return jsonResponse({ status: true, message: 'Policy updated successfully', ...state.stored });
    },
  });
  return { state, ...renderApp('/policy') };
}

describe('Privacy Policy: a save refused because another admin saved the policy', () => {
  it('sends the version Edit opened with; refused, keeps the text with the alert and Save held until Reload', async () => {
    const { state } = openPolicy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 5000 }));
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Privacy (mine)');
    // Another admin adds a paragraph meanwhile.
    state.stored = {
      data: { ...first.data, policy_description: 'We keep little.\n\nAnd more.' },
      version: '2222222222222222',
    };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerMath();

    await waitFor(() =>
      expect(state.sent).toEqual([
        { policy_title: 'Privacy (mine)', policy_description: 'We keep little.', version: first.version },
      ]),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refused);
    // The error toast says it too.
    expect(screen.getAllByText(refused, { exact: false }).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByLabelText('Title')).toHaveValue('Privacy (mine)');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // Focus was on the Save now held: it goes to the way forward, for a keyboard user.
    await waitFor(() =>
      expect(within(alert).getByRole('button', { name: 'Reload the policy' })).toHaveFocus(),
    );

    await user.click(within(alert).getByRole('button', { name: 'Reload the policy' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Privacy'));
    expect(screen.getByLabelText('Description')).toHaveValue('We keep little.\n\nAnd more.');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Privacy (mine)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerMath();
    await waitFor(() =>
      expect(state.sent[1]).toEqual({
        policy_title: 'Privacy (mine)',
        policy_description: 'We keep little.\n\nAnd more.',
        version: '2222222222222222',
      }),
    );
    expect(await screen.findByText('Policy updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit privacy policy' })).toBeNull();
  }, 20_000);
});

describe('Privacy Policy: text not saved', () => {
  it('asks before a reload or another screen loses it; Cancel keeps it, Leave goes', async () => {
    const { router } = openPolicy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 5000 }));
    expect(asksBeforeUnload()).toBe(false);
    await user.type(screen.getByLabelText('Description'), ' And a new line.');
    await expectAskedBeforeLeaving(
      { user, router },
      'the policy',
      () => expect(screen.getByLabelText('Description')).toHaveValue('We keep little. And a new line.'),
      toVideo,
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit privacy policy' })).toBeNull());
  }, 20_000);

  it('does not ask when nothing was changed, after Cancel, or after a save', async () => {
    const { router } = openPolicy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 5000 }));
    await user.type(screen.getByLabelText('Title'), ' updated');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerMath();
    expect(await screen.findByText('Policy updated successfully')).toBeInTheDocument();
    expect(asksBeforeUnload()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Title'), ' again');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(asksBeforeUnload()).toBe(false);
    await expectLeavesWithoutAsking({ user, router }, toVideo);
  }, 20_000);
});

describe('Privacy Policy: text not saved when the session ends', () => {
  it("asks before the sign-in dialog's way to the login page loses it; signing in there keeps it", async () => {
    const { router } = openPolicy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 5000 }));
    await user.type(screen.getByLabelText('Description'), ' And a new line.');
    // The session ends: the next admin call (a poll, here called at once) meets a 401.
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({ status: false, message: 'Please sign in again' }, 401),
    );
    const stats = callApi(systemStatsRoutes.get);
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });

    await user.click(within(dialog).getByRole('button', { name: 'Go to the sign-in page' }));
    const ask = within(dialog).getByRole('alert');
    expect(ask).toHaveTextContent('Your changes to the policy are not saved.');
    await user.click(within(ask).getByRole('button', { name: 'Stay and sign in' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/policy');

    await user.click(within(dialog).getByRole('button', { name: 'Go to the sign-in page' }));
    await user.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/panel/login'));
    await stats;
  }, 20_000);
});
