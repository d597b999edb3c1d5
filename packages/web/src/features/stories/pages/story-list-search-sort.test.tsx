import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onAPhone } from '@/test/on-a-phone';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { storyListReply, storyRow } from '../test-stories';

signedInScreenTests({ authStatus: 'signed-in' });

/** Room for the search's 500 ms pause and a reply on a loaded machine: a wait ends when its check passes. */
const SLOW = { timeout: 8000 };

/** The story lists' search and header sorting, kept in the URL (issue 36, 0051). */

/** A story list that answers every query with `stories` filtered by q, recording each query. */
function recordedList(
  stories = [storyRow(1, { btnName: 'Diwali Sale' }), storyRow(2, { btnName: 'Watch' })],
) {
  const asked: URLSearchParams[] = [];
  const list = vi.fn((url: string) => {
    const query = new URL(url, 'http://x').searchParams;
    asked.push(query);
    const q = query.get('q')?.toLowerCase() ?? '';
    return jsonResponse(storyListReply(stories.filter((s) => s.btnName.toLowerCase().includes(q))));
  });
  return { list, last: () => asked[asked.length - 1]! };
}

describe('Story lists: search and sort', { timeout: 30_000 }, () => {
  it('searches the story videos by what is typed, after the pause, and keeps it in the address', async () => {
    const { list, last } = recordedList();
    mockApi({ ...shell, 'GET /api/App/all/only/story/video': list });
    const user = userEvent.setup();
    const { router } = renderApp('/add/story/video');
    await screen.findByLabelText('Select story 2', undefined, { timeout: 8000 });
    expect(last().has('q')).toBe(false);
    // The button name, by which a search finds a story, shows under its thumbnail.
    expect(screen.getByText('Diwali Sale')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'diwali');
    // Nothing is asked while typing goes on: one request once it stops.
    expect(last().has('q')).toBe(false);
    await waitFor(() => expect(last().get('q')).toBe('diwali'), SLOW);
    expect(list.mock.calls.filter(([url]) => String(url).includes('q=')).length).toBe(1);
    expect(router.state.location.search).toBe('?q=diwali');
    await waitFor(() => expect(screen.queryByLabelText('Select story 2')).not.toBeInTheDocument(), SLOW);
  });

  it('says no story matches, and Clear search shows them all again', async () => {
    const { list } = recordedList();
    mockApi({ ...shell, 'GET /api/App/all/only/story/ads': list });
    const user = userEvent.setup();
    const { router } = renderApp('/add/story/Ad?q=zzz');
    expect(await screen.findByText('No story ads match "zzz"', undefined, { timeout: 8000 })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('zzz');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByLabelText('Select story 2', undefined, SLOW)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it("says a search's count that stopped at its cap with a plus (0063)", async () => {
    const rows = [storyRow(1, { btnName: 'Watch now' }), storyRow(2, { btnName: 'Watch' })];
    const capped = { ...storyListReply(rows), total: 1000, totalPage: 50, totalCapped: true };
    mockApi({
      ...shell,
      'GET /api/App/all/only/story/video': (url: string) =>
        jsonResponse(new URL(url, 'http://x').searchParams.has('q') ? capped : storyListReply(rows)),
    });
    renderApp('/add/story/video?q=watch');
    expect(
      await screen.findByText('Showing 1–2 of 1,000+ stories', { selector: 'p' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('sorts by a column header click, newest or highest first, and again the other way', async () => {
    const { list, last } = recordedList();
    mockApi({ ...shell, 'GET /api/App/all/only/story/video': list });
    const user = userEvent.setup();
    const { router } = renderApp('/add/story/video?page=1&q=a');
    await screen.findByLabelText('Select story 1', undefined, { timeout: 8000 });
    const table = screen.getByRole('table', { name: 'Story Video List' });
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Date & Time')).toHaveAttribute('aria-sort', 'descending');
    expect(header('View')).not.toHaveAttribute('aria-sort');

    await user.click(within(header('View')).getByRole('button', { name: 'View' }));
    await waitFor(() => expect(last().get('sort')).toBe('-view'), SLOW);
    expect(last().get('q')).toBe('a');
    expect(router.state.location.search).toBe('?q=a&sort=-view');
    expect(header('View')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Date & Time')).not.toHaveAttribute('aria-sort');

    await user.click(within(header('View')).getByRole('button', { name: 'View' }));
    await waitFor(() => expect(last().get('sort')).toBe('view'), SLOW);
    expect(header('View')).toHaveAttribute('aria-sort', 'ascending');

    // Back to the default order (the first load's, already at hand): the address leaves it out.
    await user.click(within(header('Date & Time')).getByRole('button', { name: 'Date & Time' }));
    await waitFor(() => expect(header('Date & Time')).toHaveAttribute('aria-sort', 'descending'), SLOW);
    expect(router.state.location.search).toBe('?q=a');
  });

  it('reads an order from the address, and an unknown one as the default', async () => {
    const { list, last } = recordedList();
    mockApi({ ...shell, 'GET /api/App/all/only/story/video': list });
    renderApp('/add/story/video?sort=click');
    await screen.findByLabelText('Select story 1', undefined, { timeout: 8000 });
    expect(last().get('sort')).toBe('click');
    expect(screen.getByRole('columnheader', { name: 'Click' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('offers the orders in a Sort by list on a phone, where the cards have no headers', async () => {
    onAPhone();
    const { list, last } = recordedList();
    mockApi({ ...shell, 'GET /api/App/all/only/story/video': list });
    const user = userEvent.setup();
    const { router } = renderApp('/add/story/video');
    await screen.findByRole('list', { name: 'Story Video List' }, SLOW);
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sortBy).toHaveValue('-date');
    await user.selectOptions(sortBy, 'Most clicked');
    await waitFor(() => expect(last().get('sort')).toBe('-click'), SLOW);
    expect(router.state.location.search).toBe('?sort=-click');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-click');
  });
});

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});
