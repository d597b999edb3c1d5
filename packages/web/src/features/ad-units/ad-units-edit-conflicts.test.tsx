import { adMessages } from '@streamdesk/contract/ad-units';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { openRequest } from '@streamdesk/contract/envelope';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse, TEST_PAYLOAD_KEY } from '@/test/runtime';
import { signedInScreenTests, signedInApi as base } from '@/test/signed-in-screen';

/** Edit conflicts (docs/decisions/0009-edit-conflicts.md) on the ad units' inline edit. */

signedInScreenTests();

const refusal = editVersionMessages.changed('ad');
const ad = {
  _id: 'a1',
  a_name: 'Home',
  a_id: 'ca-app-pub-1/2',
  a_description: 'home feed',
  version: '1111111111111111',
};

const bodyOf = async (init: RequestInit) => {
  const raw = JSON.parse(String(init.body)) as { encryptedData?: string };
  return raw.encryptedData ? openRequest(raw as { encryptedData: string }, TEST_PAYLOAD_KEY) : raw;
};

describe('ad units: an edit refused because another admin changed the ad', () => {
  it('sends the version the row had when Edit was pressed; refused, it toasts, leaves edit mode and reloads', async () => {
    let stored = ad;
    let lists = 0;
    const sent: unknown[] = [];
    mockApi({
      ...base,
      'GET /api/App/ads/native/admin/get': () => {
        lists += 1;
        return jsonResponse({ status: true, message: 'ok', data: [stored] });
      },
      'PUT /api/App/ads/native/update/a1': async (_url: string, init: RequestInit) => {
        sent.push(await bodyOf(init));
        return jsonResponse({ status: false, message: refusal }, 409);
      },
    });
    renderApp('/manage/ads/nativeAds/add');
    const table = await screen.findByRole('table', { name: 'Androind Native Ads' }, { timeout: 15_000 });
    await within(table).findByText('Home');
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Edit' }));
    const id = within(table).getByRole('textbox', { name: 'Ad ID' });
    await user.clear(id);
    await user.type(id, 'ca-app-pub-9/9');
    // Another admin changes the description meanwhile; the next list read has it.
    stored = { ...ad, a_description: 'changed by B', version: '2222222222222222' };
    await user.click(within(table).getByRole('button', { name: 'Save' }));
    await answerMath();

    await waitFor(() =>
      expect(sent).toEqual([
        { a_id: 'ca-app-pub-9/9', a_description: 'home feed', version: '1111111111111111' },
      ]),
    );
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(await within(table).findByText('changed by B')).toBeInTheDocument();
    expect(lists).toBeGreaterThanOrEqual(2);
    expect(within(table).queryByRole('button', { name: 'Save' })).toBeNull();
    // No 'save anyway' is offered for a refusal that is no id-format warning.
    expect(screen.queryByRole('dialog', { name: 'Check the Ad ID' })).toBeNull();

    // Edit again: the row's new version goes with the next save.
    await user.click(within(table).getByRole('button', { name: 'Edit' }));
    await user.click(within(table).getByRole('button', { name: 'Save' }));
    await answerMath();
    await waitFor(() => expect(sent[1]).toMatchObject({ version: '2222222222222222' }));
  }, 30_000);

  it('keeps the version through the id-format warning: Save anyway resends it with force', async () => {
    const sent: unknown[] = [];
    const web = { ...ad, _id: 'w1', a_name: 'Promo', a_id: 'https://example.org/p', a_click: 3 };
    mockApi({
      ...base,
      'GET /api/ios/ads/webads/admin/get': { status: true, message: 'ok', data: [web] },
      'PUT /api/ios/ads/webads/update/w1': async (_url: string, init: RequestInit) => {
        const body = (await bodyOf(init)) as { force?: boolean };
        sent.push(body);
        return body.force
          ? jsonResponse({ status: true, message: adMessages.updated, data: web })
          : jsonResponse({ status: false, message: adMessages.urlFormat }, 400);
      },
    });
    renderApp('/manage/ads/ios/webAds/add');
    const table = await screen.findByRole('table', { name: 'Apple Website Ads' }, { timeout: 15_000 });
    await within(table).findByText('Promo');
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Edit' }));
    const url = within(table).getByRole('textbox', { name: 'Ad URL' });
    await user.clear(url);
    await user.type(url, 'intranet/page');
    await user.click(within(table).getByRole('button', { name: 'Save' }));
    await answerMath();
    const dialog = await screen.findByRole('dialog', { name: 'Check the Ad ID' });
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { a_id: 'intranet/page', a_description: 'home feed', version: '1111111111111111' },
        { a_id: 'intranet/page', a_description: 'home feed', version: '1111111111111111', force: true },
      ]),
    );
    expect(await screen.findByText(adMessages.updated)).toBeInTheDocument();
  }, 30_000);
});
