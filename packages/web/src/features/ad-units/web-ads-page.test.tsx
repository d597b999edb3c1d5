import { adMessages, WEB_CLICKS_IOS_KEY } from '@streamdesk/contract/ad-units';
import { openRequest } from '@streamdesk/contract/envelope';
import { enGbDay, quickRange } from '@streamdesk/contract/date-ranges';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { answerMath } from '@/test/answer-math';
import { queryClient } from '@/lib/query-client';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse, TEST_PAYLOAD_KEY } from '@/test/runtime';
import { signedInScreenTests, signedInApi as base } from '@/test/signed-in-screen';
import { undoApi } from '@/test/undo';

const webAd = (id: string, name: string, clicks: number) => ({
  _id: id,
  a_name: name,
  a_id: `https://example.org/${id}`,
  a_description: `${name} ad`,
  a_click: clicks,
});

/** A web ads list reply holding `ads`. */
const listOf = (...ads: ReturnType<typeof webAd>[]) => ({ status: true, message: 'ok', data: ads });

signedInScreenTests();

describe('website ads pages', () => {
  it('Apple: shows the green (+n) against web_clicks_ios and keeps the latest counts', async () => {
    const today = quickRange('today');
    const key = `${today.startDate}..${today.endDate}`;
    localStorage.setItem(WEB_CLICKS_IOS_KEY, JSON.stringify({ [key]: { w1: 4, w2: 9 } }));
    const fetchMock = mockApi({
      ...base,
      'GET /api/ios/ads/webads/admin/get': listOf(webAd('w1', 'WEB_URL_1', 7), webAd('w2', 'Summer', 9)),
    });
    renderApp('/manage/ads/ios/webAds/add');
    const table = await screen.findByRole('table', { name: 'Apple Website Ads' }, { timeout: 15_000 });
    const first = await within(table).findByRole('button', { name: /clicks of WEB_URL_1/ });
    expect(first).toHaveTextContent('7(+3)');
    expect(within(table).getByRole('button', { name: /clicks of Summer/ })).toHaveTextContent(/^9$/);
    expect(JSON.parse(localStorage.getItem(WEB_CLICKS_IOS_KEY)!)).toEqual({ [key]: { w1: 7, w2: 9 } });
    const listCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/webads/admin/get'));
    expect(String(listCall?.[0])).toContain(`startDate=${today.startDate}&endDate=${today.endDate}`);
    // Only WEB_URL_1 offers no delete while editing.
    const user = userEvent.setup();
    const rows = within(table).getAllByRole('row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Edit' }));
    expect(within(rows[1]!).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(rows[2]!).getByRole('button', { name: 'Edit' }));
    expect(within(rows[2]!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  }, 30_000);

  it('completes an Ad URL typed without its scheme with https://, and says so before saving (issue 36)', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...base,
      'GET /api/App/ads/webads/admin/get': listOf(webAd('w1', 'WEB_URL_1', 2)),
      'POST /api/App/ads/webads/add': async (_url: string, init: RequestInit) => {
        const raw = JSON.parse(String(init.body)) as { encryptedData?: string };
        sent.push(
          raw.encryptedData ? await openRequest(raw as { encryptedData: string }, TEST_PAYLOAD_KEY) : raw,
        );
        return jsonResponse({
          status: true,
          message: 'Ad added successfully',
          data: webAd('w2', 'Promo', 0),
        });
      },
    });
    renderApp('/manage/ads/webAds/add');
    await screen.findByRole('table', { name: 'Androind Website Ads' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^\+ Add/ }));
    const form = screen.getByRole('form', { name: 'Add ad' });
    await user.type(within(form).getByLabelText('Ad Name'), 'Promo');
    await user.type(within(form).getByLabelText('Ad URL'), 'promo.example.com/summer');
    expect(within(form).getByLabelText('Ad URL')).toHaveAccessibleDescription(
      'Saved as "https://promo.example.com/summer"',
    );
    await user.type(within(form).getByLabelText('Description'), 'summer sale');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { a_name: 'Promo', a_id: 'https://promo.example.com/summer', a_description: 'summer sale' },
      ]),
    );
  }, 30_000);

  it('Android: clearing all with no ads says Ads Not Availale; a wrong captcha is refused', async () => {
    let data = [] as ReturnType<typeof webAd>[];
    mockApi({
      ...base,
      'GET /api/App/ads/webads/admin/get': () =>
        new Response(JSON.stringify({ status: true, message: 'ok', data }), {
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderApp('/manage/ads/webAds/add');
    expect(
      await screen.findByRole('heading', { name: 'Androind Website Ads' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await screen.findByText('No ads yet.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Clear All Data' }));
    expect(await screen.findByText(adMessages.notAvailable)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    data = [webAd('w1', 'WEB_URL_1', 2)];
    await queryClient.invalidateQueries();
    await screen.findByRole('button', { name: /clicks of WEB_URL_1/ });
    await user.click(screen.getByRole('button', { name: 'Clear All Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    await user.type(within(dialog).getByLabelText('Answer'), '99');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(adMessages.captchaWrong)).toBeInTheDocument();
  }, 30_000);

  it('says a clear removes the views and clicks of the range, as the server does', async () => {
    const month = quickRange('thisMonth');
    const clearOne = vi.fn(() => jsonResponse({ status: true, message: adMessages.cleared, cleared: 2 }));
    mockApi({
      ...base,
      'GET /api/App/ads/webads/admin/get': listOf(webAd('w1', 'WEB_URL_1', 2), webAd('w2', 'Summer', 5)),
      'DELETE /api/App/ads/webads/count/remove/w2': clearOne,
    });
    renderApp(`/manage/ads/webAds/add?startDate=${month.startDate}&endDate=${month.endDate}`);
    const table = await screen.findByRole('table', { name: 'Androind Website Ads' }, { timeout: 15_000 });
    const summer = (await within(table).findByRole('button', { name: /clicks of Summer/ })).closest('tr')!;
    const period = `from ${month.startDate} to ${month.endDate}`;
    const user = userEvent.setup();

    await user.click(within(summer).getByRole('button', { name: 'Clear Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent(
      `You are about to delete the views and clicks of Summer ${period}. To confirm, please solve this math problem`,
    );
    await answerMath();
    expect(await screen.findByText('Views and clicks cleared successfully')).toBeInTheDocument();
    expect(clearOne).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: 'Clear All Data' }));
    expect(await screen.findByRole('dialog', { name: 'Please confirm' })).toHaveTextContent(
      `You are about to delete the views and clicks of all 2 website ads ${period}.`,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(within(summer).getByRole('button', { name: 'Edit' }));
    await user.click(within(summer).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Please confirm' })).toHaveTextContent(
      'You are about to delete the ad Summer. To confirm, please solve this math problem',
    );
  }, 30_000);

  it('deletes a website ad to the trash after the captcha: gone from the list, back with Undo in the toast', async () => {
    let data = [webAd('w1', 'WEB_URL_1', 2), webAd('w2', 'Summer', 5)];
    const summerAd = data[1]!;
    const restore = undoApi();
    const deleted = vi.fn(() => {
      data = data.filter((a) => a._id !== 'w2');
      return jsonResponse({ status: true, message: adMessages.deleted });
    });
    mockApi({
      ...base,
      'GET /api/ios/ads/webads/admin/get': () => jsonResponse(listOf(...data)),
      'DELETE /api/ios/ads/webads/delete/w2': deleted,
      'POST /api/admin/trash/restore': (url: string, init: RequestInit) => {
        data = [...data, summerAd];
        return restore.api['POST /api/admin/trash/restore'](url, init);
      },
    });
    renderApp('/manage/ads/ios/webAds/add');
    const table = await screen.findByRole('table', { name: 'Apple Website Ads' }, { timeout: 15_000 });
    const summer = (await within(table).findByRole('button', { name: /clicks of Summer/ })).closest('tr')!;
    const user = userEvent.setup();
    await user.click(within(summer).getByRole('button', { name: 'Edit' }));
    await user.click(within(summer).getByRole('button', { name: 'Delete' }));
    await answerMath({ confirm: 'Delete' });
    await waitFor(() => expect(within(table).queryByRole('button', { name: /clicks of Summer/ })).toBeNull());
    expect(deleted).toHaveBeenCalledOnce();

    expect(await restore.undo(adMessages.deleted)).toEqual([['w2']]);
    expect(await within(table).findByRole('button', { name: /clicks of Summer/ })).toHaveTextContent(/^5$/);
  }, 30_000);

  it('keeps the range in the URL and opens the dashboard on it; Back finds the range again', async () => {
    const today = quickRange('today');
    const month = quickRange('thisMonth');
    const monthQuery = `startDate=${month.startDate}&endDate=${month.endDate}`;
    const fetchMock = mockApi({
      ...base,
      'GET /api/ios/ads/webads/admin/get': listOf(webAd('w1', 'WEB_URL_1', 2), webAd('w2', 'Summer Sale', 5)),
      'GET /api/admin/view/dashbord/w2': {
        status: true,
        message: 'ok',
        views_data: [],
        clicks_data: [{ createdAt: month.startDate, count: 5 }],
        totalViews: 0,
        totalClicks: 5,
      },
    });
    const { router } = renderApp('/manage/ads/ios/webAds/add');
    const user = userEvent.setup();
    const summer = () => screen.findByRole('button', { name: /clicks of Summer/ }, { timeout: 15_000 });
    await summer();
    const pressed = (name: string) => screen.getByRole('button', { name, pressed: true });

    // Today, the default, is the bare path, and the link the spec writes.
    expect(router.state.location.search).toBe('');
    await user.click(await summer());
    await waitFor(() => expect(router.state.location.pathname).toBe('/views/dashboard/w2'));
    expect(router.state.location.search).toBe('?q=Summer%20Sale&adsType=web');
    await act(() => router.navigate(-1));

    await user.click(await screen.findByRole('button', { name: 'This Month' }, { timeout: 15_000 }));
    expect(router.state.location.search).toBe(`?${monthQuery}`);
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        `/api/ios/ads/webads/admin/get?${monthQuery}`,
      ),
    );
    await user.click(await summer());
    await waitFor(() => expect(router.state.location.pathname).toBe('/views/dashboard/w2'));
    expect(router.state.location.search).toBe(`?q=Summer%20Sale&adsType=web&${monthQuery}`);
    expect(await screen.findByRole('button', { name: 'This Month' }, { timeout: 15_000 })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await screen.findByText('05')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `/api/admin/view/dashbord/w2?${monthQuery}`,
    );

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe(`?${monthQuery}`);
    await summer();
    expect(pressed('This Month')).toBeInTheDocument();

    // A typed date makes the range custom; typing the other end replaces that entry rather than adding one.
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(router.state.location.search).toBe('');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '05/01/2026' } });
    expect(router.state.location.search).toBe(`?startDate=2026-01-05&endDate=${today.endDate}`);
    expect(screen.getByText('Custom range')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '20/01/2026' } });
    expect(router.state.location.search).toBe('?startDate=2026-01-05&endDate=2026-01-20');
    expect(router.state.historyAction).toBe('REPLACE');
    // Back on the list itself shows the range of the entry it comes to.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(pressed('Today')).toBeInTheDocument();
    expect(screen.getByLabelText('Start date')).toHaveValue(enGbDay(today.startDate));
  }, 30_000);

  it('builds a second quick date edit on the first, before the URL has caught up', async () => {
    mockApi({ ...base, 'GET /api/App/ads/webads/admin/get': listOf(webAd('w1', 'WEB_URL_1', 2)) });
    const { router } = renderApp('/manage/ads/webAds/add');
    await screen.findByRole('button', { name: /clicks of WEB_URL_1/ }, { timeout: 15_000 });
    const year = quickRange('thisYear').startDate.slice(0, 4);
    // Two edits in a row, outside act as in a browser: the router renders each URL change in a
    // transition, after the next event.
    const edit = (label: string, value: string) => {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    edit('End date', `31/12/${year}`);
    edit('Start date', `10/01/${year}`);
    edit('End date', `12/01/${year}`);
    const range = `?startDate=${year}-01-10&endDate=${year}-01-12`;
    await waitFor(() => expect(router.state.location.search).toBe(range));
    expect(screen.getByLabelText('Start date')).toHaveValue(`10/01/${year}`);
    expect(screen.getByLabelText('End date')).toHaveValue(`12/01/${year}`);
  }, 30_000);
});
