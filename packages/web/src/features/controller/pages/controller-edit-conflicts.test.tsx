import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { controllerDefaults, controllerMessages } from '@streamdesk/contract/controller';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests, signedInApi as signedIn } from '@/test/signed-in-screen';

/**
 * The controller's forms that can lose another admin's change (docs/decisions/0009-edit-conflicts.md): the
 * Facebook and payee forms send their version; Web Redirect sends only what was changed.
 */

signedInScreenTests();

const refused = editVersionMessages.changed('payee');

function openController() {
  const state = {
    settings: { ...controllerDefaults, upi_id: 'shop@bank', payee_name: 'Shop', phone: '9999999999' },
    versions: { facebook: 'aaaaaaaaaaaaaaaa', phonePay: '1111111111111111' },
    sent: [] as Record<string, unknown>[],
    calls: [] as string[],
  };
  const fetchMock = mockApi({
    ...signedIn,
    'GET /api/App/admin/ControlerData': () =>
      jsonResponse({
        status: true,
        message: 'Controller settings',
        data: state.settings,
        installNew: { status: false, btn_url: '' },
        appOpens: 0,
        versions: state.versions,
      }),
    'GET /api/admin/controller/schedules': { status: true, message: 'Scheduled changes', data: [] },
    'PUT /api/App/Controler/Edit/phone/pay': (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      state.sent.push(body);
      if (body.version !== state.versions.phonePay)
        return jsonResponse({ status: false, message: refused }, 409);
      const { version: _version, ...values } = body;
      state.settings = { ...state.settings, ...values };
      state.versions = { ...state.versions, phonePay: '3333333333333333' };
      return jsonResponse({ status: true, message: 'Updated successfully' });
    },
    // Sealed bodies: the test types one URL only, so the call stores that one.
    'PUT /api/App/Controler/Edit/weburl': () => {
      state.calls.push('weburl');
      state.settings = { ...state.settings, webRedirectUrl: 'https://mine.example.com' };
      return jsonResponse({ status: true, message: 'Updated successfully' });
    },
    'PUT /api/App/Controler/Edit/storyAdsPosition': () => {
      state.calls.push('position');
      return jsonResponse({ status: true, message: 'Updated successfully' });
    },
  });
  renderApp('/controller');
  return { state, fetchMock };
}

describe('Controller: a payee save refused because another admin changed the payee', () => {
  it('sends the version of the read; refused, keeps the values with the alert and Save held until Reload', async () => {
    const { state } = openController();
    const user = userEvent.setup();
    const payee = await screen.findByRole('form', { name: 'Payee' }, { timeout: 5000 });
    await user.clear(within(payee).getByLabelText('Payee Name'));
    await user.type(within(payee).getByLabelText('Payee Name'), 'Shop by me');
    // Another admin changes the phone meanwhile.
    state.settings = { ...state.settings, phone: '8888888888' };
    state.versions = { ...state.versions, phonePay: '2222222222222222' };
    await user.click(within(payee).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(state.sent).toEqual([
        { upi_id: 'shop@bank', payee_name: 'Shop by me', phone: '9999999999', version: '1111111111111111' },
      ]),
    );
    const alert = await within(payee).findByRole('alert');
    expect(alert).toHaveTextContent(refused);
    expect(screen.getAllByText(refused, { exact: false }).length).toBeGreaterThanOrEqual(2);
    expect(within(payee).getByLabelText('Payee Name')).toHaveValue('Shop by me');
    expect(within(payee).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(within(alert).getByRole('button', { name: 'Reload the payee' }));
    await waitFor(() =>
      expect(within(screen.getByRole('form', { name: 'Payee' })).getByLabelText('Phone')).toHaveValue(
        '8888888888',
      ),
    );
    const fresh = screen.getByRole('form', { name: 'Payee' });
    expect(within(fresh).getByLabelText('Payee Name')).toHaveValue('Shop');
    expect(within(fresh).queryByRole('alert')).toBeNull();

    await user.clear(within(fresh).getByLabelText('Payee Name'));
    await user.type(within(fresh).getByLabelText('Payee Name'), 'Shop by me');
    await user.click(within(fresh).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(state.sent[1]).toEqual({
        upi_id: 'shop@bank',
        payee_name: 'Shop by me',
        phone: '8888888888',
        version: '2222222222222222',
      }),
    );
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
  }, 20_000);
});

describe('Controller: Web Redirect', () => {
  it('sends only the value that was changed, and nothing when none was', async () => {
    const { state } = openController();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Web Redirect URL' }, { timeout: 5000 });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    // The URL is required: type one, and leave the position as read.
    await user.type(within(form).getByLabelText('Web Redirect URL'), 'https://mine.example.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.calls).toEqual(['weburl']));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(controllerMessages.nothingChanged)).toBeInTheDocument();
    expect(state.calls).toEqual(['weburl']);

    await user.clear(within(form).getByLabelText('Web Position'));
    await user.type(within(form).getByLabelText('Web Position'), '20');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.calls).toEqual(['weburl', 'position']));
  }, 20_000);
});
