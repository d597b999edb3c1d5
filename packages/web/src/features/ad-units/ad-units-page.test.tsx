import { adMessages } from '@streamdesk/contract/ad-units';
import { openRequest } from '@streamdesk/contract/envelope';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInScreenTests, signedInApi as base } from '@/test/signed-in-screen';
import { jsonResponse, TEST_PAYLOAD_KEY } from '@/test/runtime';
import { undoApi } from '@/test/undo';

const ADMOB = 'ca-app-pub-1/2';
const ads = [
  { _id: 'a1', a_name: 'Home', a_id: ADMOB, a_description: 'home feed' },
  { _id: 'a2', a_name: 'Detail', a_id: 'ca-app-pub-3/4', a_description: 'after a video' },
];

signedInScreenTests();

const bodyOf = async (init: RequestInit) => {
  const raw = JSON.parse(String(init.body)) as { encryptedData?: string };
  return raw.encryptedData ? openRequest(raw as { encryptedData: string }, TEST_PAYLOAD_KEY) : raw;
};

describe('Apple simple ad page', () => {
  it('says the list could not be loaded rather than that there are no ads', async () => {
    // No handler for the list: every call to it fails as a network failure would.
    mockApi({ ...base });
    renderApp('/manage/ads/ios/bannerAds/add');
    const table = await screen.findByRole('table', { name: 'Apple Banner Ads' }, { timeout: 15_000 });
    expect(
      await within(table).findByText('Internet Server Error', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(within(table).queryByText('No ads yet.')).not.toBeInTheDocument();
  });

  it("says the spec's 'Data Not Fetch' when the list is refused without a message", async () => {
    mockApi({ ...base, 'GET /api/ios/ads/banner/admin/get': { status: false, message: '' } });
    renderApp('/manage/ads/ios/bannerAds/add');
    const table = await screen.findByRole('table', { name: 'Apple Banner Ads' }, { timeout: 15_000 });
    expect(await within(table).findByText('Data Not Fetch', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(table).queryByText('No ads yet.')).not.toBeInTheDocument();
  });

  it('deletes an ad unit to the trash from its edit row after the captcha; Undo in the toast restores it', async () => {
    const deleted: string[] = [];
    const restore = undoApi();
    mockApi({
      ...base,
      'GET /api/ios/ads/banner/admin/get': { status: true, message: 'ok', data: ads },
      'DELETE /api/ios/ads/banner/delete/a1': () => {
        deleted.push('a1');
        return jsonResponse({ status: true, message: adMessages.deleted });
      },
      ...restore.api,
    });
    renderApp('/manage/ads/ios/bannerAds/add');
    const table = await screen.findByRole('table', { name: 'Apple Banner Ads' }, { timeout: 15_000 });
    const row = (await within(table).findByText('Home')).closest('tr')!;
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(
      screen.getByText('You are about to delete the ad Home. To confirm, please solve this math problem'),
    ).toBeInTheDocument();
    // The red button says Delete, as every list's delete does.
    await answerMath({ confirm: 'Delete' });
    expect(await restore.undo(adMessages.deleted)).toEqual([['a1']]);
    expect(deleted).toEqual(['a1']);
  }, 30_000);

  it('lists, searches over name, id and description, and edits only id and description after the captcha', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...base,
      'GET /api/ios/ads/banner/admin/get': { status: true, message: 'ok', data: ads },
      'PUT /api/ios/ads/banner/update/a2': async (_url: string, init: RequestInit) => {
        sent.push(await bodyOf(init));
        return jsonResponse({ status: true, message: 'Ad updated successfully', data: ads[1] });
      },
    });
    renderApp('/manage/ads/ios/bannerAds/add');
    expect(
      await screen.findByRole('heading', { name: 'Apple Banner Ads' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Apple Banner Ads' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['No', 'Ad Name', 'Ad ID', 'Ad Description', 'Actions']);
    await within(table).findByText('Home');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'VIDEO');
    expect(within(table).queryByText('Home')).toBeNull();
    expect(within(table).getByText('Detail')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Edit' }));
    expect(within(table).queryByRole('textbox', { name: 'Ad Name' })).toBeNull();
    const id = within(table).getByRole('textbox', { name: 'Ad ID' });
    // Edit puts the focus in the row's first field, not on Save in Edit's place (0057).
    await waitFor(() => expect(id).toHaveFocus());
    await user.clear(id);
    await user.type(id, ' ca-app-pub-9 /9 ');
    // The spaces the save removes are said before saving in the edit row too (issue 36), with the input.
    expect(id).toHaveAccessibleDescription('Spaces are removed: saved as "ca-app-pub-9/9"');
    await user.click(within(table).getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText('You are about to update the ad Detail. To confirm, please solve this math problem'),
    ).toBeInTheDocument();
    await answerMath({ wrong: true });
    expect(await screen.findByText(adMessages.captchaWrong)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await answerMath();
    await waitFor(() => expect(sent).toEqual([{ a_id: 'ca-app-pub-9/9', a_description: 'after a video' }]));
    expect(await screen.findByText('Ad updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Save' })).toBeNull());
  }, 30_000);
});

describe('Android simple ad page', () => {
  it('asks for all fields, sends a sealed body with spaces stripped, and offers to save a doubtful id', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...base,
      'GET /api/App/ads/native/admin/get': { status: true, message: 'ok', data: [] },
      'POST /api/App/ads/native/add': async (_url: string, init: RequestInit) => {
        const body = (await bodyOf(init)) as { force?: boolean };
        sent.push(body);
        return body.force
          ? jsonResponse({ status: true, message: 'Ad added successfully', data: ads[0] })
          : jsonResponse({ status: false, message: adMessages.adMobFormat }, 400);
      },
    });
    renderApp('/manage/ads/nativeAds/add');
    expect(
      await screen.findByRole('heading', { name: 'Androind Native Ads' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'In House Ads' })).toHaveAttribute(
      'href',
      '/manage/ads/inHouseAds/add',
    );
    expect(screen.getByRole('link', { name: 'Apple' })).toHaveAttribute(
      'href',
      '/manage/ads/ios/nativeAds/add',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '+ Add Native Ads' }));
    const form = screen.getByRole('form', { name: 'Add ad' });
    await user.type(within(form).getByLabelText('Ad Name'), 'My Ad');
    await user.type(within(form).getByLabelText('Ad ID'), 'unit 7');
    // The spaces the save removes are said before saving (issue 36), beside each field.
    expect(within(form).getByText('Spaces are removed: saved as "MyAd"')).toBeInTheDocument();
    expect(within(form).getByLabelText('Ad ID')).toHaveAccessibleDescription(
      'Spaces are removed: saved as "unit7"',
    );
    await user.type(within(form).getByLabelText('Description'), '   ');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(adMessages.fillAll)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(form).getByLabelText('Description'), 'top of feed');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check the Ad ID' });
    expect(dialog).toHaveTextContent(adMessages.adMobFormat);
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { a_name: 'MyAd', a_id: 'unit7', a_description: 'top of feed' },
        { a_name: 'MyAd', a_id: 'unit7', a_description: 'top of feed', force: true },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add ad' })).toBeNull());
  }, 30_000);
});

describe('the add form', () => {
  /** Opens the Apple Open Ads form filled in; the add call answers `reply`. */
  async function fillForm(reply: { status: boolean; message: string; data?: unknown }, status = 200) {
    const sent: unknown[] = [];
    mockApi({
      ...base,
      'GET /api/ios/ads/open/admin/get': { status: true, message: 'ok', data: [] },
      'POST /api/ios/ads/open/add': async (_url: string, init: RequestInit) => {
        sent.push(await bodyOf(init));
        return jsonResponse(reply, status);
      },
    });
    renderApp('/manage/ads/ios/openAds/add');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '+ Add Open Ads' }, { timeout: 15_000 }));
    const form = screen.getByRole('form', { name: 'Add ad' });
    await user.type(within(form).getByLabelText('Ad Name'), 'Launch');
    await user.type(within(form).getByLabelText('Ad ID'), ADMOB);
    await user.type(within(form).getByLabelText('Description'), 'at start');
    // Both clicks land before the mutation's pending state reaches the button, as a quick double click can.
    const submit = within(form).getByRole('button', { name: 'Submit' });
    return { sent, doubleClick: () => [fireEvent.click(submit), fireEvent.click(submit)] };
  }

  it('sends one ad for a double click on Submit and closes', async () => {
    const { sent, doubleClick } = await fillForm({ status: true, message: adMessages.added, data: ads[0] });
    doubleClick();
    expect(await screen.findByText(adMessages.added)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add ad' })).toBeNull());
    expect(sent).toEqual([{ a_name: 'Launch', a_id: ADMOB, a_description: 'at start' }]);
  }, 30_000);

  it('shows a refusal once for a double click on Submit, and keeps the form', async () => {
    const { sent, doubleClick } = await fillForm({ status: false, message: adMessages.duplicateName }, 409);
    doubleClick();
    expect(await screen.findByText(adMessages.duplicateName)).toBeInTheDocument();
    // Give a second toast the time to come.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText(adMessages.duplicateName)).toHaveLength(1);
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'Add ad' })).toBeInTheDocument();
  }, 30_000);
});
