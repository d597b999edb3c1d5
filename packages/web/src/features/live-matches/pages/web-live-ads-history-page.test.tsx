import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as format from '@streamdesk/contract/format';
import { fireHistoryDeletedMessage, type AdFire } from '@streamdesk/contract/live-matches';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests } from '@/test/signed-in-screen';
import { undoApi } from '@/test/undo';
import { openScreen } from './signed-in-app';

const HISTORY = '/api/App/LiveMatch/admin/ads/fire/history';

/** Fire `n` (1 = newest), a minute older than fire n - 1. */
const fire = (n: number): AdFire => ({
  _id: `fire${String(n).padStart(20, '0')}`,
  Adstype: 'Url_Ads_Fire',
  a_name: `Fire ${n}`,
  url: 'https://sponsor.example.com',
  a_view: n,
  a_click: 1,
  createdAt: new Date(Date.UTC(2026, 10, 21, 6) - n * 60_000).toISOString(),
});

/** The history server: `total` fires, newest first, in API pages of the `limit` asked for; records deletes. */
function historyApi(total: number) {
  let fires = Array.from({ length: total }, (_, i) => fire(i + 1));
  const deleted: string[][] = [];
  const asked: number[] = [];
  const api = {
    [`GET ${HISTORY}`]: (url: string) => {
      const query = new URL(url, 'http://x').searchParams;
      const page = Number(query.get('page'));
      const limit = Number(query.get('limit'));
      asked.push(page);
      return jsonResponse({
        status: true,
        message: 'Ads history fetched successfully',
        data: fires.slice((page - 1) * limit, page * limit),
        totalPage: Math.max(1, Math.ceil(fires.length / limit)),
        total: fires.length,
        totalViews: fires.reduce((sum, f) => sum + f.a_view, 0),
        totalClicks: fires.length,
      });
    },
    [`DELETE ${HISTORY}`]: (_url: string, init: RequestInit) => {
      const { id } = JSON.parse(String(init.body)) as { id: string[] };
      deleted.push(id);
      fires = fires.filter((f) => !id.includes(f._id));
      return jsonResponse({
        status: true,
        message: fireHistoryDeletedMessage(id.length),
        deleted: id.length,
      });
    },
  };
  return { api, deleted, asked };
}

// A page of 100 rows can take longer than findBy's default 1 s to render on a busy CI machine.
const ROWS_WAIT = { timeout: 20_000 };

const table = () => screen.getByRole('table', { name: 'Fired ads' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
// By label, not role: on the old screen's 1,000 rows a role query took seconds.
const box = (n: number) =>
  screen.getByLabelText<HTMLInputElement>(
    `Select Fire ${n} fired ${format.formatDateTime(fire(n).createdAt)}`,
  );

async function open(total: number) {
  const server = historyApi(total);
  openScreen('/add/liveMatch/liveAdWeb/history', server.api);
  await screen.findByText('Fire 1', {}, ROWS_WAIT);
  return { ...server, user: userEvent.setup() };
}

signedInScreenTests();
afterEach(() => vi.restoreAllMocks());

describe('Live Ads History with a full API page of 1,000 fires', () => {
  it('keeps the 1,000 of the API page but puts 100 rows in the page, with the totals and a pager', async () => {
    const { asked, user } = await open(1000);
    expect(asked).toEqual([1]);
    expect(bodyRows()).toHaveLength(100);
    expect(document.querySelectorAll('tr').length).toBeLessThanOrEqual(101);
    expect(screen.getByText('Showing 1–100 of 1,000 fired ads')).toBeInTheDocument();
    const totals = within(screen.getByRole('region', { name: 'Fire totals' })).getAllByRole('definition');
    expect(totals[0]).toHaveTextContent('500.5k');
    expect(totals[1]).toHaveTextContent('1.0k');

    // The oldest fires are on the last page, from the same API page (no new call).
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(await within(table()).findByText('Fire 1000', {}, ROWS_WAIT)).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(100);
    expect(within(table()).queryByText('Fire 900')).toBeNull();
    expect(screen.getByText('Showing 901–1,000 of 1,000 fired ads')).toBeInTheDocument();
    expect(asked).toEqual([1]);
  }, 30_000);

  it('selects the 100 rows on screen and deletes exactly those through the confirmation', async () => {
    const { deleted, user } = await open(1000);
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(box(100)).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Delete selected (100)' }));
    expect(screen.getByText(/You are about to delete 100 history entries/)).toBeInTheDocument();
    await answerMath({ confirm: 'Delete' });
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(deleted[0]).toEqual(Array.from({ length: 100 }, (_, i) => fire(i + 1)._id));
    expect(await screen.findByText('100 history entries deleted successfully')).toBeInTheDocument();
    // The list reloads: the next hundred move up, and nothing stays selected.
    expect(await screen.findByText('Fire 101', {}, ROWS_WAIT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
  }, 30_000);

  it('offers Undo in the delete toast, which restores exactly the fires deleted', async () => {
    const server = historyApi(3);
    const restore = undoApi();
    openScreen('/add/liveMatch/liveAdWeb/history', { ...server.api, ...restore.api });
    await screen.findByText('Fire 1', {}, ROWS_WAIT);
    const user = userEvent.setup();
    await user.click(box(2));
    await user.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await answerMath({ confirm: 'Delete' });
    expect(await restore.undo('History deleted successfully')).toEqual([[fire(2)._id]]);
  }, 30_000);

  it('clears the selection when the page changes, so a bulk delete never takes rows off screen', async () => {
    const { user } = await open(1000);
    await user.click(box(1));
    await user.click(box(2));
    expect(screen.getByRole('button', { name: 'Delete selected (2)' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await within(table()).findByText('Fire 101', {}, ROWS_WAIT);
    expect(screen.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(box(1)).not.toBeChecked();
    expect(box(2)).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
  }, 30_000);

  it('re-renders only the ticked row', async () => {
    const { user } = await open(1000);
    // Each row formats its own fire's time: a spy on the export tells which rows rendered.
    const rendered = vi.spyOn(format, 'formatDateTime');
    await user.click(box(3));
    expect(box(3)).toBeChecked();
    expect(new Set(rendered.mock.calls.map(([at]) => at))).toEqual(new Set([fire(3).createdAt]));
  }, 30_000);
});

describe('Live Ads History past one API page', () => {
  it('numbers pages of 100 across API pages and deletes an old fire from the last one', async () => {
    const { asked, deleted, user } = await open(1005);
    // The reply's total: 1,005 fires make 11 pages, without reading the last API page for its length.
    expect(await screen.findByRole('button', { name: 'Page 11' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–100 of 1,005 fired ads')).toBeInTheDocument();
    expect(asked).toEqual([1]);

    await user.click(screen.getByRole('button', { name: 'Page 11' }));
    expect(await within(table()).findByText('Fire 1005', {}, ROWS_WAIT)).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('Showing 1,001–1,005 of 1,005 fired ads')).toBeInTheDocument();

    await user.click(box(1003));
    await user.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await answerMath({ confirm: 'Delete' });
    await waitFor(() => expect(deleted).toEqual([[fire(1003)._id]]));
    await waitFor(() => expect(within(table()).queryByText('Fire 1003')).toBeNull());
    expect(bodyRows()).toHaveLength(4);
  }, 30_000);
});
