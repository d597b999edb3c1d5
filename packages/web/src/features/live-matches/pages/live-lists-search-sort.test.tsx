import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdFire } from '@streamdesk/contract/live-matches';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests } from '@/test/signed-in-screen';
import { openScreen } from './signed-in-app';
import { testMatch, testMatchList } from './test-live-matches';

signedInScreenTests();

/** The live match list's and the fire history's search and header sorting, in the URL (issue 36, 0052). */

const LIST = '/api/App/liveMatch/admin';
const HISTORY = '/api/App/LiveMatch/admin/ads/fire/history';

/** A list server that finds rows whose `text` contains `q` (any case) and records each query. */
function recorded<T>(rows: T[], text: (row: T) => string, reply: (data: T[]) => object) {
  const asked: URLSearchParams[] = [];
  const handler = vi.fn((url: string) => {
    const query = new URL(url, 'http://x').searchParams;
    asked.push(query);
    const q = query.get('q')?.toLowerCase() ?? '';
    return jsonResponse(reply(rows.filter((row) => text(row).toLowerCase().includes(q))));
  });
  return { handler, last: () => asked[asked.length - 1]! };
}

const matches = () =>
  recorded(
    [
      { ...testMatch, _id: 'm1', title: 'Cup Final' },
      { ...testMatch, _id: 'm2', title: 'Semi Final' },
      { ...testMatch, _id: 'm3', title: 'Derby' },
    ],
    (m) => m.title,
    (data) => testMatchList(data, true),
  );

const fire = (n: number, a_name: string): AdFire => ({
  _id: `f${n}`,
  Adstype: 'Url_Ads_Fire',
  a_name,
  url: `https://ads.example/${n}`,
  a_view: n,
  a_click: n * 10,
  createdAt: '2026-11-21T06:00:00.000Z',
});
const fires = () =>
  recorded(
    [fire(1, 'Sponsor'), fire(2, 'WEB_URL_1')],
    (f) => `${f.a_name} ${f.url}`,
    (data) => ({
      status: true,
      message: 'Ads history fetched successfully',
      data,
      totalPage: 1,
      total: data.length,
      totalViews: data.reduce((sum, f) => sum + f.a_view, 0),
      totalClicks: data.reduce((sum, f) => sum + f.a_click, 0),
    }),
  );

describe('Live Match Management: search and sort', { timeout: 30_000 }, () => {
  it('searches titles after the pause, keeps it in the address, and says when none match', async () => {
    const { handler, last } = matches();
    const user = userEvent.setup();
    const { router } = openScreen('/add/liveMatch', { [`GET ${LIST}`]: handler });
    const table = await screen.findByRole('table', { name: 'Live matches' }, { timeout: 8000 });
    expect(await within(table).findByText('Derby')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'final');
    // Not on each keystroke: the list asks once the typing pauses.
    expect(last().has('q')).toBe(false);
    await waitFor(() => expect(last().get('q')).toBe('final'));
    expect(router.state.location.search).toBe('?q=final');
    await waitFor(() => expect(within(table).queryByText('Derby')).not.toBeInTheDocument());
    expect(within(table).getByText('Cup Final')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zz');
    expect(
      await screen.findByText('No live matches match "finalzz"', undefined, { timeout: 8000 }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await within(table).findByText('Derby')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it("says a search's count that stopped at its cap with a plus (0063)", async () => {
    const found = [{ ...testMatch, _id: 'm1', title: 'Cup Final' }];
    const capped = { ...testMatchList(found, true), total: 1000, totalPage: 50, totalCapped: true };
    openScreen('/add/liveMatch?q=final', { [`GET ${LIST}`]: () => jsonResponse(capped) });
    expect(
      await screen.findByText('Showing 1 of 1,000+ live matches', undefined, { timeout: 8000 }),
    ).toBeVisible();
  });

  it('sorts by a header click, sets ?sort= and aria-sort, starts at page 1, and keeps the inline edit', async () => {
    const { handler, last } = matches();
    const user = userEvent.setup();
    const { router } = openScreen('/add/liveMatch?page=2', { [`GET ${LIST}`]: handler });
    const table = await screen.findByRole('table', { name: 'Live matches' }, { timeout: 8000 });
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(header('Title')).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(last().get('sort')).toBe('title'));
    expect(router.state.location.search).toBe('?sort=title');
    expect(header('Title')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Date')).not.toHaveAttribute('aria-sort');

    await user.click(within(header('Title')).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(last().get('sort')).toBe('-title'));
    expect(header('Title')).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(header('Views')).getByRole('button', { name: 'Views' }));
    await waitFor(() => expect(last().get('sort')).toBe('-views'));
    expect(router.state.location.search).toBe('?sort=-views');

    // Back to the default order: it leaves the address.
    await user.click(within(header('Date')).getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Its rows may come from the cache, without a read: opened past its last page, the list stepped back
    // to page 1 in this order and read it seconds before (a read then cut short by the first click is not
    // kept, and this order is read again).
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Views')).not.toHaveAttribute('aria-sort');

    // A row still opens its inline edit on a sorted list.
    await user.click(within(header('Title')).getByRole('button', { name: 'Title' }));
    const row = (await within(table).findByText('Derby')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /Edit/ }));
    expect(await screen.findByRole('textbox', { name: 'Edit title' })).toHaveValue('Derby');
  });
});

describe('Live Ads History: search and sort', { timeout: 30_000 }, () => {
  it('searches by name or URL, with the totals of the fires found, and sorts by a header', async () => {
    const { handler, last } = fires();
    const user = userEvent.setup();
    const { router } = openScreen('/add/liveMatch/liveAdWeb/history', { [`GET ${HISTORY}`]: handler });
    const table = await screen.findByRole('table', { name: 'Fired ads' }, { timeout: 8000 });
    expect(await within(table).findByText('Sponsor')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Fire totals' });
    expect(within(totals).getByText('3')).toBeInTheDocument();
    expect(within(totals).getByText('30')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ads.example/2');
    await waitFor(() => expect(last().get('q')).toBe('ads.example/2'));
    await waitFor(() => expect(within(table).queryByText('Sponsor')).not.toBeInTheDocument());
    expect(within(table).getByText('WEB_URL_1')).toBeInTheDocument();
    expect(within(totals).getByText('2')).toBeInTheDocument();
    expect(within(totals).getByText('20')).toBeInTheDocument();
    expect(within(totals).getByText(/Totals of the fired ads found/)).toBeInTheDocument();

    const header = (name: string) => within(table).getByRole('columnheader', { name });
    await user.click(within(header('Clicks')).getByRole('button', { name: 'Clicks' }));
    await waitFor(() => expect(last().get('sort')).toBe('-clicks'));
    expect(header('Clicks')).toHaveAttribute('aria-sort', 'descending');
    // A sort keeps the search, and the search stays in the box.
    expect(last().get('q')).toBe('ads.example/2');
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('-clicks');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing');
    expect(
      await screen.findByText('No fired ads match "nothing"', undefined, { timeout: 3000 }),
    ).toBeVisible();
  });
});
