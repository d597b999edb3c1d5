import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Reel } from '@streamdesk/contract/reels';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';

signedInScreenTests({ authStatus: 'signed-in' });

/** Room for the search's 500 ms pause and a reply on a loaded machine: a wait ends when its check passes. */
const SLOW = { timeout: 8000 };

/** The reels list's search by file name and header sorting, kept in the URL (issue 36, 0051). */

const reel = (n: number, fileName: string): Reel => ({
  _id: `r${n}`,
  video: `/media/reels/${n}.mp4`,
  thumbnail: `/media/reels/${n}.jpg`,
  duration: 3,
  size: 1000,
  view: n,
  click: n,
  createdAt: '2026-01-02T03:04:05.000Z',
  fileName,
  hls: '',
  poster: '',
  state: 'ready',
  progress: 100,
});

function recordedList(over: { total?: number; totalCapped?: boolean } = {}) {
  const reels = [reel(1, 'Goal of the day.mp4'), reel(2, 'Penalty.mp4')];
  const asked: URLSearchParams[] = [];
  const list = vi.fn((url: string) => {
    const query = new URL(url, 'http://x').searchParams;
    asked.push(query);
    const q = query.get('q')?.toLowerCase() ?? '';
    const data = reels.filter((r) => r.fileName.toLowerCase().includes(q));
    const reply = { status: true, message: 'ok', data, total: data.length, totalPage: 1, reels: true };
    return jsonResponse({ ...reply, totalCapped: false, ...(q ? over : {}) });
  });
  mockApi({ ...shell, 'GET /api/App/reels': list });
  return { last: () => asked[asked.length - 1]! };
}

describe('Story Reels: search and sort', { timeout: 30_000 }, () => {
  it('searches by file name after the pause, keeps it in the address, and says when none match', async () => {
    const { last } = recordedList();
    const user = userEvent.setup();
    const { router } = renderApp('/story/add/reels');
    const table = await screen.findByRole('table', { name: 'Story Reels' }, { timeout: 8000 });
    // The File cell alone: a phone's card no longer repeats it under the thumbnail (0060).
    expect(await within(table).findAllByText('Penalty.mp4')).toHaveLength(1);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'goal');
    expect(last().has('q')).toBe(false);
    await waitFor(() => expect(last().get('q')).toBe('goal'), SLOW);
    expect(router.state.location.search).toBe('?q=goal');
    await waitFor(() => expect(screen.queryAllByText('Penalty.mp4')).toHaveLength(0), SLOW);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No reels match "goalzzz"', undefined, SLOW)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findAllByText('Penalty.mp4', undefined, SLOW)).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it("says a search's count that stopped at its cap with a plus (0063)", async () => {
    recordedList({ total: 1000, totalCapped: true });
    renderApp('/story/add/reels?q=mp4');
    expect(await screen.findByText('Showing 1–2 of 1,000+ reels', undefined, SLOW)).toBeInTheDocument();
  });

  it('sorts by a header click, sets ?sort= and aria-sort, and starts again at page 1', async () => {
    const { last } = recordedList();
    const user = userEvent.setup();
    const { router } = renderApp('/story/add/reels?page=2');
    const table = await screen.findByRole('table', { name: 'Story Reels' }, { timeout: 8000 });
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(header('File')).getByRole('button', { name: 'File' }));
    await waitFor(() => expect(last().get('sort')).toBe('name'), SLOW);
    expect(router.state.location.search).toBe('?sort=name');
    expect(header('File')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(header('Click')).getByRole('button', { name: 'Click' }));
    await waitFor(() => expect(last().get('sort')).toBe('-click'), SLOW);
    expect(header('Click')).toHaveAttribute('aria-sort', 'descending');
    expect(header('File')).not.toHaveAttribute('aria-sort');
  });

  it('sorts from the Sort by list a phone shows instead of the headers, file name included', async () => {
    const { last } = recordedList();
    const user = userEvent.setup();
    const { router } = renderApp('/story/add/reels');
    await screen.findByRole('table', { name: 'Story Reels' }, { timeout: 8000 });
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('-date');

    await user.selectOptions(select, 'Oldest first');
    await waitFor(() => expect(last().get('sort')).toBe('date'), SLOW);
    expect(router.state.location.search).toBe('?sort=date');
    await user.selectOptions(select, 'File name, A to Z');
    await waitFor(() => expect(last().get('sort')).toBe('name'), SLOW);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
  });
});
