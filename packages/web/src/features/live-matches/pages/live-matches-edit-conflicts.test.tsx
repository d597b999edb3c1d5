import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { answerMath } from '@/test/answer-math';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests } from '@/test/signed-in-screen';
import { openScreen } from './signed-in-app';
import { testMatch, testMatchList, testWebAd } from './test-live-matches';

/**
 * Edit conflicts (docs/decisions/0009-edit-conflicts.md) on the live match list, Live Call Management and the
 * web live ads of Ads Fire.
 */

signedInScreenTests();

const match = testMatch;
const list = (data: unknown[]) => testMatchList(data, true);

describe('Live Match Management: an edit refused because another admin changed the match', () => {
  it('sends the version the row had when Edit was pressed; refused, it toasts, leaves edit mode and reloads', async () => {
    let stored = match;
    let lists = 0;
    const sent: FormData[] = [];
    openScreen('/add/liveMatch', {
      'GET /api/App/liveMatch/admin': () => {
        lists += 1;
        return jsonResponse(list([stored]));
      },
      'PUT /api/App/liveMatch/admin': (_url: string, init: RequestInit) => {
        sent.push(init.body as FormData);
        return jsonResponse({ status: false, message: editVersionMessages.changed('live match') }, 409);
      },
    });
    const user = userEvent.setup();
    await screen.findByText('Cup Final', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Edit Cup Final' }));
    const editing = screen.getByRole('row', { name: 'Editing Cup Final' });
    await user.clear(within(editing).getByLabelText('Edit URL'));
    await user.type(within(editing).getByLabelText('Edit URL'), 'https://stream.example.com/mine');
    // Another admin renames the match meanwhile; the next list read has it.
    stored = { ...match, title: 'Grand Final', version: '2222222222222222' };
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    await answerMath();

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(Object.fromEntries(sent[0]!.entries())).toEqual({
      _id: match._id,
      title: 'Cup Final',
      url: 'https://stream.example.com/mine',
      version: '1111111111111111',
    });
    expect(await screen.findByText(editVersionMessages.changed('live match'))).toBeInTheDocument();
    expect(await screen.findByText('Grand Final')).toBeInTheDocument();
    expect(lists).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('row', { name: /^Editing/ })).toBeNull();
  }, 20_000);
});

describe('Live Call Management: a save refused because another admin saved the map', () => {
  it('keeps the values on screen and Save held until Reload, which loads the map and its version', async () => {
    let stored = { data: { banner: 'b1' } as Record<string, string>, version: 'aaaaaaaaaaaaaaaa' };
    const sent: unknown[] = [];
    openScreen('/add/liveMatch/liveAd', {
      'GET /api/App/liveMatch/liveAds': () => jsonResponse({ status: true, message: 'ok', ...stored }),
      'PUT /api/App/liveMatch/liveAds': (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Record<string, string>;
        sent.push(body);
        if (body.version !== stored.version)
          return jsonResponse(
            { status: false, message: editVersionMessages.changed('list of live call ads') },
            409,
          );
        const { version: _v, ...data } = body;
        stored = { data, version: 'cccccccccccccccc' };
        return jsonResponse({ status: true, message: 'Fields saved', ...stored });
      },
    });
    const user = userEvent.setup();
    const value = await screen.findByLabelText('Value 1');
    // Another admin adds a field meanwhile.
    stored = { data: { banner: 'b1', native: 'n1' }, version: 'bbbbbbbbbbbbbbbb' };
    await user.clear(value);
    await user.type(value, 'b2');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    await answerMath();

    await waitFor(() => expect(sent).toEqual([{ banner: 'b2', version: 'aaaaaaaaaaaaaaaa' }]));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(editVersionMessages.changed('list of live call ads'));
    // And the error toast.
    expect(screen.getByText(editVersionMessages.changed('list of live call ads'))).toBeInTheDocument();
    // The admin's value stays; nothing of the other save shows until they reload; Save is held.
    expect(screen.getByLabelText('Value 1')).toHaveValue('b2');
    expect(screen.queryByLabelText('Field name 2')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save all' })).toBeDisabled();

    await user.click(within(alert).getByRole('button', { name: 'Reload the fields' }));
    expect(await screen.findByLabelText('Field name 2')).toHaveValue('native');
    expect(screen.getByLabelText('Value 1')).toHaveValue('b1');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.clear(screen.getByLabelText('Value 1'));
    await user.type(screen.getByLabelText('Value 1'), 'b2');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    await answerMath();
    await waitFor(() => expect(sent[1]).toEqual({ banner: 'b2', native: 'n1', version: 'bbbbbbbbbbbbbbbb' }));
    expect(await screen.findByText('Fields saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save all' })).toBeDisabled());
  }, 20_000);
});

describe('Ads Fire: a web live ad edit refused because another admin changed the ad', () => {
  it('sends the version the row had when Edit was pressed; refused, it toasts, leaves edit mode and reloads', async () => {
    let stored = testWebAd;
    let lists = 0;
    const sent: unknown[] = [];
    openScreen('/add/liveMatch/liveAdWeb', {
      'GET /api/App/liveMatch/liveAdsWeb': () => {
        lists += 1;
        return jsonResponse({ status: true, message: 'ok', data: [stored] });
      },
      'PUT /api/App/liveMatch/liveAdsWeb': (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse({ status: false, message: editVersionMessages.changed('web live ad') }, 409);
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Sponsor' }, { timeout: 5000 }));
    const editing = screen.getByRole('row', { name: 'Editing Sponsor' });
    await user.clear(within(editing).getByLabelText('Edit name'));
    await user.type(within(editing).getByLabelText('Edit name'), 'SponsorRenamed');
    // Another admin changes the URL meanwhile; the next list read has it.
    stored = { ...testWebAd, a_url: 'https://other.example.com', version: '4444444444444444' };
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    await answerMath();

    await waitFor(() =>
      expect(sent).toEqual([
        {
          _id: testWebAd._id,
          a_name: 'SponsorRenamed',
          a_url: testWebAd.a_url,
          version: '3333333333333333',
        },
      ]),
    );
    expect(await screen.findByText(editVersionMessages.changed('web live ad'))).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'https://other.example.com' })).toBeInTheDocument();
    expect(lists).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('row', { name: /^Editing/ })).toBeNull();
  }, 20_000);

  it('stays in edit mode with the values after any other refusal', async () => {
    openScreen('/add/liveMatch/liveAdWeb', {
      'GET /api/App/liveMatch/liveAdsWeb': { status: true, message: 'ok', data: [testWebAd] },
      'PUT /api/App/liveMatch/liveAdsWeb': () =>
        jsonResponse({ status: false, message: 'An ad with this name already exists' }, 409),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Sponsor' }, { timeout: 5000 }));
    const editing = screen.getByRole('row', { name: 'Editing Sponsor' });
    await user.clear(within(editing).getByLabelText('Edit name'));
    await user.type(within(editing).getByLabelText('Edit name'), 'Taken');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    await answerMath();
    expect(await screen.findByText('An ad with this name already exists')).toBeInTheDocument();
    expect(within(editing).getByLabelText('Edit name')).toHaveValue('Taken');
  }, 20_000);
});
