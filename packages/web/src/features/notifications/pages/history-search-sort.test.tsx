import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notificationRow } from '../test-notifications';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';

signedInScreenTests();

/** The notification history's search (title or message) and header sorting, in the URL (issue 36, 0052). */

const sent = (n: number, title: string, message: string) =>
  notificationRow(n, {
    n_title: title,
    n_message: message,
    delivery: {
      fcm: { status: 'not configured', detail: null },
      webPush: { status: 'not configured', detail: null },
    },
  });

function recordedHistory() {
  const rows = [sent(1, 'Match tonight', 'Starts 19:30'), sent(2, 'Big news', 'The final is on')];
  const asked: URLSearchParams[] = [];
  const history = vi.fn((url: string) => {
    const query = new URL(url, 'http://x').searchParams;
    asked.push(query);
    const q = query.get('q')?.toLowerCase() ?? '';
    const data = rows.filter((n) => `${n.n_title} ${n.n_message}`.toLowerCase().includes(q));
    return jsonResponse({ status: true, message: 'ok', data, total: data.length, totalPage: 1 });
  });
  mockApi({ ...signedInApi, 'GET /api/App/notification/history': history });
  return { last: () => asked[asked.length - 1]! };
}

describe('Notification history: search and sort', { timeout: 30_000 }, () => {
  it('searches titles and messages after the pause, in the address, and says when none match', async () => {
    const { last } = recordedHistory();
    const user = userEvent.setup();
    const { router } = renderApp('/notification');
    const table = await screen.findByRole('table', { name: 'Notification history' }, { timeout: 8000 });
    expect(await within(table).findByText('Match tonight')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'FINAL');
    expect(last().has('q')).toBe(false);
    await waitFor(() => expect(last().get('q')).toBe('FINAL'));
    expect(router.state.location.search).toBe('?q=FINAL');
    await waitFor(() => expect(within(table).queryByText('Match tonight')).not.toBeInTheDocument());
    expect(within(table).getByText('Big news')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'x');
    expect(
      await screen.findByText('No notifications match "FINALx"', undefined, { timeout: 3000 }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await within(table).findByText('Match tonight')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('sorts by the Title and Date headers, sets ?sort= and aria-sort, and starts again at page 1', async () => {
    const { last } = recordedHistory();
    const user = userEvent.setup();
    const { router } = renderApp('/notification?page=3');
    const table = await screen.findByRole('table', { name: 'Notification history' }, { timeout: 8000 });
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Title')).not.toHaveAttribute('aria-sort');

    await user.click(within(header('Title')).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(last().get('sort')).toBe('title'));
    expect(router.state.location.search).toBe('?sort=title');
    expect(header('Title')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(header('Date')).getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Its rows may come from the cache, without a read: opened past its last page, the list stepped back
    // to page 1 in this order and read it seconds before (a read then cut short by the first click is not
    // kept, and this order is read again).
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Title')).not.toHaveAttribute('aria-sort');
    await user.click(within(header('Date')).getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(last().get('sort')).toBe('date'));
    expect(header('Date')).toHaveAttribute('aria-sort', 'ascending');
  });
});

/** 45 notifications, served 20 a page as the server does. */
function history45() {
  const rows = Array.from({ length: 45 }, (_, i) => sent(i + 1, `Notice ${i + 1}`, 'Starts 19:30'));
  mockApi({
    ...signedInApi,
    'GET /api/App/notification/history': (url: string) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
      const data = rows.slice((page - 1) * 20, page * 20);
      return jsonResponse({ status: true, message: 'ok', data, total: rows.length, totalPage: 3 });
    },
  });
}

describe('Notification history: Showing N of M', { timeout: 30_000 }, () => {
  it('says which rows of how many are shown, as the other lists do, page by page', async () => {
    history45();
    const user = userEvent.setup();
    renderApp('/notification');
    const table = await screen.findByRole('table', { name: 'Notification history' }, { timeout: 8000 });
    expect(await within(table).findByText('Notice 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–20 of 45 notifications')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await within(table).findByText('Notice 45', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Showing 41–45 of 45 notifications')).toBeInTheDocument();
  });

  it("says a search's count that stopped at its cap with a plus (0063)", async () => {
    const data = Array.from({ length: 20 }, (_, i) => sent(i + 1, `Notice ${i + 1}`, 'Starts 19:30'));
    mockApi({
      ...signedInApi,
      'GET /api/App/notification/history': () =>
        jsonResponse({ status: true, message: 'ok', data, total: 1000, totalPage: 50, totalCapped: true }),
    });
    renderApp('/notification?q=notice');
    expect(
      await screen.findByText('Showing 1–20 of 1,000+ notifications', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('says one notification in the singular, and nothing when there is none', async () => {
    mockApi({
      ...signedInApi,
      'GET /api/App/notification/history': {
        status: true,
        message: 'ok',
        data: [sent(1, 'Notice 1', 'Starts 19:30')],
        total: 1,
        totalPage: 1,
      },
    });
    renderApp('/notification');
    expect(await screen.findByText('Showing 1 of 1 notification', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('shows no range over an empty history', async () => {
    mockApi({
      ...signedInApi,
      'GET /api/App/notification/history': { status: true, message: 'ok', data: [], total: 0, totalPage: 0 },
    });
    renderApp('/notification');
    expect(
      await screen.findByText('No notification has been sent yet.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
});
