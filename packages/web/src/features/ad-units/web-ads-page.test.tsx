import { adMessages, WEB_CLICKS_IOS_KEY } from '@streamdesk/contract/ad-units';
import { quickRange } from '@streamdesk/contract/date-ranges';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInScreenTests, signedInApi as base } from '@/test/signed-in-screen';

const webAd = (id: string, name: string, clicks: number) => ({
  _id: id,
  a_name: name,
  a_id: `https://example.org/${id}`,
  a_description: `${name} ad`,
  a_click: clicks,
});

signedInScreenTests();

describe('website ads pages', () => {
  it('Apple: shows the green (+n) against web_clicks_ios and keeps the latest counts', async () => {
    const today = quickRange('today');
    const key = `${today.startDate}..${today.endDate}`;
    localStorage.setItem(WEB_CLICKS_IOS_KEY, JSON.stringify({ [key]: { w1: 4, w2: 9 } }));
    const fetchMock = mockApi({
      ...base,
      'GET /api/ios/ads/webads/admin/get': {
        status: true,
        message: 'ok',
        data: [webAd('w1', 'WEB_URL_1', 7), webAd('w2', 'Summer', 9)],
      },
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
});
