import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { jsonResponse, pendingResponse } from '@/test/runtime';
import { signedInScreenTests } from '@/test/signed-in-screen';
import { openScreen } from './signed-in-app';

signedInScreenTests();

describe('Live Call Management', () => {
  it('adds, renames, changes and removes fields, then saves the whole map at once after the captcha', async () => {
    let stored: Record<string, string> = { banner: 'b1', old_name: 'x', gone: 'y' };
    const sent: unknown[] = [];
    const api = {
      'GET /api/App/liveMatch/liveAds': () => jsonResponse({ status: true, message: 'ok', data: stored }),
      'PUT /api/App/liveMatch/liveAds': (_url: string, init: RequestInit) => {
        stored = JSON.parse(String(init.body)) as Record<string, string>;
        sent.push(stored);
        return jsonResponse({ status: true, message: 'Ads updated successfully!', data: stored });
      },
    };
    openScreen('/add/liveMatch/liveAd', api);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Live Call Management' })).toBeInTheDocument();
    const name2 = await screen.findByLabelText('Field name 2');
    expect(name2).toHaveValue('old_name');

    await user.clear(name2);
    await user.type(name2, 'new_name');
    await user.clear(screen.getByLabelText('Value 1'));
    await user.type(screen.getByLabelText('Value 1'), 'b2');
    await user.click(screen.getByRole('button', { name: 'Remove field gone' }));
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(screen.getByLabelText('Field name 3'), 'added');
    await user.type(screen.getByLabelText('Value 3'), 'v');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    expect(
      screen.getByText(
        'You are about to update the live call ad fields. To confirm, please solve this math problem',
      ),
    ).toBeInTheDocument();
    await answerMath({ wrong: true });
    expect(await screen.findByText('Captcha answer is not correct')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await answerMath();

    await waitFor(() => expect(sent).toEqual([{ banner: 'b2', new_name: 'x', added: 'v' }]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save all' })).toBeDisabled());
  }, 20_000);

  it('refuses a duplicate name before sending', async () => {
    const put = vi.fn();
    const api = {
      'GET /api/App/liveMatch/liveAds': { status: true, message: 'ok', data: { a: '1' } },
      'PUT /api/App/liveMatch/liveAds': put,
    };
    openScreen('/add/liveMatch/liveAd', api);
    const user = userEvent.setup();
    await screen.findByLabelText('Field name 1');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(screen.getByLabelText('Field name 2'), 'a');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    expect(await screen.findByText('Field names must be unique: a')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  }, 20_000);

  // A guard, not a fix test: the confirmation closes on the first submit, so a second one sends nothing.
  it('saves once and toasts once when the confirmation is sent twice before the reply', async () => {
    const saved = pendingResponse();
    openScreen('/add/liveMatch/liveAd', {
      'GET /api/App/liveMatch/liveAds': { status: true, message: 'ok', data: { a: '1' } },
      'PUT /api/App/liveMatch/liveAds': saved.handler,
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Value 1', {}, { timeout: 5000 }), '2');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    const [a, b] = within(dialog).getByTestId('math-problem').textContent!.match(/\d+/g)!.map(Number);
    await user.type(within(dialog).getByLabelText('Answer'), String(a! + b!));
    // A double Enter: both submits come before the dialog has closed.
    const form = within(dialog).getByLabelText('Answer').closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(saved.handler).toHaveBeenCalledOnce());
    // A message of its own: the first test's success toast may still be up.
    saved.answer({ status: true, message: 'Fields saved', data: { a: '12' } });
    expect(await screen.findByText('Fields saved')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('Fields saved')).toHaveLength(1);
    expect(saved.handler).toHaveBeenCalledOnce();
  }, 20_000);
});

describe('Live Call Management: leaving with values not saved', () => {
  /** Whether the browser would ask before a reload or close now. */
  const unloadAsks = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  const openEditor = () => {
    let stored: Record<string, string> = { banner: 'b1' };
    openScreen('/add/liveMatch/liveAd', {
      'GET /api/App/liveMatch/liveAds': () =>
        jsonResponse({ status: true, message: 'ok', data: stored, version: 'aaaaaaaaaaaaaaaa' }),
      'PUT /api/App/liveMatch/liveAds': (_url: string, init: RequestInit) => {
        const { version: _v, ...data } = JSON.parse(String(init.body)) as Record<string, string>;
        stored = data;
        return jsonResponse({
          status: true,
          message: 'Ads updated successfully!',
          data,
          version: 'bbbbbbbbbbbbbbbb',
        });
      },
      'GET /api/App/liveMatch/liveAdsWeb': { status: true, message: 'ok', data: [] },
    });
    return userEvent.setup();
  };
  const adsFireTab = () =>
    within(screen.getByRole('navigation', { name: 'Live match section' })).getByRole('link', {
      name: 'Ads Fire',
    });

  it('asks before a section tab leaves a changed value: Cancel keeps it, Leave without saving goes', async () => {
    const user = openEditor();
    const value = await screen.findByLabelText('Value 1');
    expect(unloadAsks()).toBe(false);
    await user.clear(value);
    await user.type(value, 'b2');
    expect(unloadAsks()).toBe(true);

    await user.click(adsFireTab());
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('Your changes to the live call ad fields are not saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Live Call Management' })).toBeInTheDocument();
    expect(screen.getByLabelText('Value 1')).toHaveValue('b2');

    await user.click(adsFireTab());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Ads Fire' })).toBeInTheDocument();
  }, 20_000);

  it('does not ask once the values are saved, or put back with Discard changes', async () => {
    const user = openEditor();
    const value = await screen.findByLabelText('Value 1');
    await user.type(value, 'x');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(unloadAsks()).toBe(false);

    await user.clear(value);
    await user.type(value, 'b2');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    await answerMath();
    expect(await screen.findByText('Ads updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(unloadAsks()).toBe(false));
    await user.click(adsFireTab());
    expect(await screen.findByRole('heading', { name: 'Ads Fire' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
  }, 20_000);
});
