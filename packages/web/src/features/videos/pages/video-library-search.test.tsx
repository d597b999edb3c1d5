import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { categories, onePage, video } from './library-test-data';

signedInScreenTests({ authStatus: 'signed-in' });

/** The library's list call, answering one page and recording each query it was asked. */
function recordedList() {
  const asked: URLSearchParams[] = [];
  const list = vi.fn((url: string) => {
    asked.push(new URL(url, 'http://x').searchParams);
    return jsonResponse(onePage([video(1, false)]));
  });
  // The library's own list, not the one-row count of web videos the screen also asks for.
  const pages = () => asked.filter((query) => query.get('limit') !== '1');
  return { asked, list, last: () => pages()[pages().length - 1]! };
}

/** The library open on its first page, its list calls recorded. */
async function openRecordedLibrary() {
  const { list, last } = recordedList();
  mockApi({
    ...shell,
    'GET /api/App/video/category': categories,
    'GET /api/App/video/category/admin/all': list,
  });
  const { router } = renderApp('/show/video');
  await screen.findByRole('row', { name: 'Video 1' });
  return { last, router };
}

describe('Video Library: titles, search, order and rename', { timeout: 20_000 }, () => {
  it("says a search's count that stopped at its cap with a plus (0063)", async () => {
    const capped = { ...onePage([video(1, false)]), totalPage: 50, totalRecord: 1000, totalCapped: true };
    mockApi({
      ...shell,
      'GET /api/App/video/category': categories,
      'GET /api/App/video/category/admin/all': (url: string) =>
        jsonResponse(new URL(url, 'http://x').searchParams.has('q') ? capped : onePage([video(1, false)])),
    });
    renderApp('/show/video?q=clip');
    expect(await screen.findByText('Showing 1 of 1000+ videos')).toBeInTheDocument();
    expect(screen.getByText('1000+ videos')).toBeInTheDocument();
  });

  it("shows each video's title, its file name and what is known of it", async () => {
    const { list } = recordedList();
    mockApi({
      ...shell,
      'GET /api/App/video/category': categories,
      'GET /api/App/video/category/admin/all': list,
    });
    renderApp('/show/video');
    const row = await screen.findByRole('row', { name: 'Video 1' });
    expect(within(row).getByText('Clip 1')).toBeInTheDocument();
    expect(within(row).getByText('1:05 · 1280×720 · 12.3 MB')).toBeInTheDocument();
  });

  it('searches by what is typed and orders by the choice, both kept in the address', async () => {
    const { last, router } = await openRecordedLibrary();
    const user = userEvent.setup();
    expect(last().get('sort')).toBe('-date');
    expect(last().has('q')).toBe(false);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'derby');
    await waitFor(() => expect(last().get('q')).toBe('derby'));
    expect(router.state.location.search).toContain('q=derby');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Longest first');
    await waitFor(() => expect(last().get('sort')).toBe('-duration'));
    expect(last().get('q')).toBe('derby');
    expect(router.state.location.search).toContain('sort=-duration');
  });

  it('orders by a column header, the select showing the same order', async () => {
    const { last, router } = await openRecordedLibrary();
    const user = userEvent.setup();
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(last().get('sort')).toBe('title'));
    expect(router.state.location.search).toContain('sort=title');
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('title');

    // Newest first again: the usual order, left out of the address (its page is still in the cache).
    await user.click(screen.getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('sort='));
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('renames a video from its row, refusing a blank title beside the field', async () => {
    const { list } = recordedList();
    const put = vi.fn((_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { id: string; title: string };
      return jsonResponse({
        status: true,
        message: 'Title updated',
        data: { ...video(1, false), title: body.title },
      });
    });
    mockApi({
      ...shell,
      'GET /api/App/video/category': categories,
      'GET /api/App/video/category/admin/all': list,
      'PUT /api/App/video/title': put,
    });
    const user = userEvent.setup();
    renderApp('/show/video');
    await user.click(await screen.findByRole('button', { name: 'Rename Video 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename video' });
    const field = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(field).toHaveValue('Clip 1');

    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a title.')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await user.type(field, '  Derby: all goals ');
    expect(within(dialog).queryByText('Please enter a title.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(JSON.parse(String(put.mock.calls[0]![1]?.body))).toEqual({ id: 'v1', title: 'Derby: all goals' });
    expect(await screen.findByText('Title updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
