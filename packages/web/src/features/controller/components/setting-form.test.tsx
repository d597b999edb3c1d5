import { checkPosition, controllerMessages as m } from '@streamdesk/contract/controller';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SettingForm } from './setting-form';

const ntvError = (value: string) => {
  const checked = checkPosition('ntvTiming', value);
  return typeof checked === 'number' ? undefined : checked.message;
};

function renderNtv(onSave = vi.fn(async () => {}), initial = '5') {
  const view = render(
    <SettingForm
      title="NTV Timer"
      fields={[{ name: 'ntvTiming', label: 'NTV Timer', type: 'number', initial, check: ntvError }]}
      onSave={onSave}
    />,
  );
  return { onSave, view };
}

describe('SettingForm', () => {
  it('shows the rule message under the field and does not save', async () => {
    const user = userEvent.setup();
    const { onSave } = renderNtv();
    const input = screen.getByRole('spinbutton', { name: 'NTV Timer' });
    for (const [value, message] of [
      ['20', m.ntvTimingMax],
      ['-1', m.ntvTimingMin],
      ['', m.ntvTimingMin],
    ] as const) {
      await user.clear(input);
      if (value) await user.type(input, value);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves valid values and clears the message on typing', async () => {
    const user = userEvent.setup();
    const { onSave } = renderNtv();
    const input = screen.getByRole('spinbutton', { name: 'NTV Timer' });
    await user.clear(input);
    await user.type(input, '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(m.ntvTimingMax)).toBeInTheDocument();
    await user.clear(input);
    expect(screen.queryByText(m.ntvTimingMax)).not.toBeInTheDocument();
    await user.type(input, '19');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ ntvTiming: '19' }, undefined);
  });

  it('takes the saved value when it changes, keeping the form otherwise', async () => {
    const { view } = renderNtv(undefined, '5');
    expect(screen.getByRole('spinbutton', { name: 'NTV Timer' })).toHaveValue(5);
    view.rerender(
      <SettingForm
        title="NTV Timer"
        fields={[{ name: 'ntvTiming', label: 'NTV Timer', type: 'number', initial: '7', check: ntvError }]}
        onSave={vi.fn()}
      />,
    );
    expect(screen.getByRole('spinbutton', { name: 'NTV Timer' })).toHaveValue(7);
  });

  it('keeps a field being saved when another field of the form takes its newly saved value', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const form = (url: string) => (
      <SettingForm
        title="Web Redirect URL"
        fields={[
          { name: 'url', label: 'URL', initial: url, check: () => undefined },
          { name: 'position', label: 'Position', type: 'number', initial: '2', check: () => undefined },
        ]}
        onSave={onSave}
      />
    );
    const view = render(form('https://old.example'));
    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), 'https://new.example');
    await user.clear(screen.getByLabelText('Position'));
    await user.type(screen.getByLabelText('Position'), '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The URL is saved and the settings reload while the position is still being sent.
    view.rerender(form('https://new.example'));
    expect(screen.getByLabelText('Position')).toHaveValue(4);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.getByLabelText('Position')).toHaveValue(4);
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('sends the version its values were begun from: a draft keeps it, its own save takes the new one', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => ({ status: true, message: 'Updated successfully' }));
    const form = (name: string, phone: string, version: string) => (
      <SettingForm
        title="Payee"
        fields={[
          { name: 'payee_name', label: 'Payee Name', initial: name, check: () => undefined },
          { name: 'phone', label: 'Phone', initial: phone, check: () => undefined },
        ]}
        edit={{ version, reloadLabel: 'Reload the payee', onReload: vi.fn(async () => {}) }}
        onSave={onSave}
      />
    );
    const view = render(form('Shop', '1', 'v1'));
    await user.type(screen.getByLabelText('Payee Name'), ' A');
    // The settings reload with another admin's phone: the untouched field shows it, the draft stays
    // begun from v1 (its save is refused if the payee changed since).
    view.rerender(form('Shop', '2', 'v2'));
    expect(screen.getByLabelText('Phone')).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ payee_name: 'Shop A', phone: '2' }, 'v1');

    // Its own save reloads the settings as typed: no draft left, the form takes their version.
    view.rerender(form('Shop A', '2', 'v3'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ payee_name: 'Shop A', phone: '2' }, 'v3');
  });

  it('takes the version its own save replies with, though the server trimmed what was typed', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => ({ status: true, message: 'Updated successfully', version: 'v2' }));
    const form = (name: string, version: string) => (
      <SettingForm
        title="Payee"
        fields={[{ name: 'payee_name', label: 'Payee Name', initial: name, check: () => undefined }]}
        edit={{ version, reloadLabel: 'Reload the payee', onReload: vi.fn(async () => {}) }}
        onSave={onSave}
      />
    );
    const view = render(form('Shop', 'v1'));
    await user.type(screen.getByLabelText('Payee Name'), ' Two ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ payee_name: 'Shop Two ' }, 'v1');
    // The settings reload as stored, trimmed: the field keeps what was typed, and the form its save's version.
    view.rerender(form('Shop Two', 'v2'));
    await user.type(screen.getByLabelText('Payee Name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ payee_name: 'Shop Two !' }, 'v2');
  });
});
