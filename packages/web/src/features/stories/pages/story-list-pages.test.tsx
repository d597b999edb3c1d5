import * as format from '@streamdesk/contract/format';
import type { Story } from '@streamdesk/contract/stories';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { findLabelled } from '@/test/labelled';
import { mockApi, renderApp } from '@/test/render-app';
import { SELECT_ALL_LABEL } from '@/ui/list-table';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as base, signedInScreenTests } from '@/test/signed-in-screen';
import { storyRow } from '../test-stories';

/** Story `n` with counts of its own (view 1000 + n), newest first as the server sends them. */
const story = (n: number): Story => storyRow(n, { view: 1000 + n, clickBtnCount: 5000 + n });

/** The server's story video list: `limit` a page, with the total and the page count. */
function storyServer(count: number, more: Parameters<typeof mockApi>[0] = {}) {
  let stories = Array.from({ length: count }, (_, i) => story(i + 1));
  const asked: { page: number; limit: number }[] = [];
  const list = vi.fn((url: string) => {
    const query = new URL(url, 'http://localhost').searchParams;
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    asked.push({ page, limit });
    return jsonResponse({
      status: true,
      message: 'ok',
      data: stories.slice((page - 1) * limit, page * limit),
      total: stories.length,
      totalPage: Math.ceil(stories.length / limit),
      firstStoryVideo: null,
    });
  });
  // All or nothing, as the server deletes: one unknown id and nothing is deleted (404).
  const remove = vi.fn(async (_url: string, init: RequestInit) => {
    const { id } = JSON.parse(String(init.body)) as { id: string[] };
    if (!id.every((one) => stories.some((s) => s._id === one)))
      return jsonResponse({ status: false, message: 'Story not found.' }, 404);
    stories = stories.filter((s) => !id.includes(s._id));
    return jsonResponse({ status: true, message: 'Story deleted successfully' });
  });
  /** Another admin deletes story `n`. */
  const deleteElsewhere = (n: number) => {
    stories = stories.filter((s) => s._id !== story(n)._id);
  };
  mockApi({
    ...base,
    'GET /api/App/all/only/story/video': list,
    'DELETE /api/App/delete/story/video': remove,
    ...more,
  });
  return { asked, remove, deleteElsewhere };
}

/** A window `width` px wide, as matchMedia answers it (rem at 16 px); `resize` tells the listeners. */
function windowWidth(width: number) {
  const listeners = new Set<() => void>();
  const matches = (query: string) => {
    const min = /min-width:\s*([\d.]+)rem/.exec(query);
    return min ? width >= Number(min[1]) * 16 : false;
  };
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return matches(query);
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    resize(to: number) {
      width = to;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

const thumbnails = () => document.querySelectorAll('img[alt^="Thumbnail of story"]');
// Found by label: role queries over two hundred rows take seconds in jsdom.
const pager = () => screen.getByLabelText('Pagination');

signedInScreenTests();
afterEach(() => {
  // jsdom has none; the list then shows the table.
  delete (window as { matchMedia?: unknown }).matchMedia;
});

// A render of 200 rows costs about 2.5 s of CPU in React's development build under jsdom
// (0024-test-speed.md); this test makes three, and npm test runs the browser suite beside it. Its waits
// for them are sized for a busy machine: they pass in 3 to 9 s on a quiet one.
describe('Story Video List past 200 stories', { timeout: 60_000 }, () => {
  it('pages through them 200 at a time, numbered on across pages, and says how many there are', async () => {
    const server = storyServer(201);
    const user = userEvent.setup();
    renderApp('/add/story/video');
    // The rows after the first screen's come in steps (useRowsInSteps): wait with a cheap query, as a label
    // query rerun at each step over hundreds of rows would take seconds each.
    await waitFor(() => expect(thumbnails()).toHaveLength(200), { timeout: 30_000 });
    expect(screen.getByLabelText('Select story 200')).toBeVisible();
    expect(screen.getByText('Showing 1–200 of 201 stories', { selector: 'p' })).toBeInTheDocument();
    expect(within(pager()).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pager()).getByRole('button', { name: 'Page 2' }));
    expect(await findLabelled('Select story 201')).toBeInTheDocument();
    expect(screen.queryByLabelText('Select story 1')).toBeNull();
    expect(screen.getByText('Showing 201 of 201 stories', { selector: 'p' })).toBeInTheDocument();
    expect(server.asked).toEqual([
      { page: 1, limit: 200 },
      { page: 2, limit: 200 },
    ]);

    // The oldest story, on page 2, can be deleted; its page gone, the list steps back to page 1.
    await user.click(screen.getByRole('button', { name: 'Delete story 201' }));
    await answerMath({ confirm: 'Delete', title: 'Delete story' });
    await waitFor(() => expect(server.remove).toHaveBeenCalledOnce());
    expect(
      await screen.findByText('Showing 1–200 of 200 stories', { selector: 'p' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Pagination')).toBeNull();
  });

  it('renders only the layout that shows: cards under 768 px, the table from there', async () => {
    storyServer(2);
    const width = windowWidth(375);
    renderApp('/add/story/video');
    const cards = await screen.findByRole('list', { name: 'Story Video List' }, { timeout: 8000 });
    expect(await within(cards).findAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table', { name: 'Story Video List' })).toBeNull();
    expect(thumbnails()).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: SELECT_ALL_LABEL })).toBeInTheDocument();

    width.resize(1280);
    const table = await screen.findByRole('table', { name: 'Story Video List' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('list', { name: 'Story Video List' })).toBeNull();
    expect(thumbnails()).toHaveLength(2);
    expect(within(table).getByRole('checkbox', { name: SELECT_ALL_LABEL })).toBeInTheDocument();
  });

  it('re-renders only the row whose checkbox is ticked', async () => {
    storyServer(20);
    const user = userEvent.setup();
    renderApp('/add/story/video');
    await findLabelled('Select story 20', { timeout: 8000 });
    // Each row or card formats its View and Click once per render: a spy on the export (the rows read it
    // at each call, and Vitest's module namespaces take a spy) says which ones rendered.
    const rendered = vi.spyOn(format, 'formatViewCount');
    await user.click(screen.getByRole('checkbox', { name: 'Select story 7' }));
    expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeInTheDocument();
    // Story 7's View and Click, once each (the top bar's live viewers may be formatted too).
    const ofStories = rendered.mock.calls.filter(([value]) => Number(value) >= 1000);
    expect(ofStories).toEqual([[1007], [5007]]);
  });
});

describe('Story Video List after another admin deleted a selected story', { timeout: 30_000 }, () => {
  it('reloads on the 404, drops the vanished story from the selection, and the next delete works', async () => {
    const server = storyServer(3);
    const user = userEvent.setup();
    renderApp('/add/story/video');
    const table = await screen.findByRole('table', { name: 'Story Video List' }, { timeout: 8000 });
    await user.click(await within(table).findByLabelText(SELECT_ALL_LABEL));
    server.deleteElsewhere(2);

    await user.click(screen.getByRole('button', { name: 'Delete selected (3)' }));
    await answerMath({ confirm: 'Delete', title: 'Delete story' });
    expect(await screen.findByText('Story not found.')).toBeInTheDocument();
    // The list reloads: story 2 is gone from it and from the selection, the other two stay selected.
    await waitFor(() => expect(screen.queryByLabelText('Select story 3')).toBeNull());
    expect(screen.getByLabelText('Select story 1')).toBeChecked();
    expect(screen.getByLabelText('Select story 2')).toBeChecked();
    expect(within(table).getByLabelText(SELECT_ALL_LABEL)).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    await answerMath({ confirm: 'Delete', title: 'Delete story' });
    expect(await screen.findByText('No stories found')).toBeInTheDocument();
    const sent = server.remove.mock.calls.map(
      ([, init]) => (JSON.parse(String(init.body)) as { id: string[] }).id,
    );
    expect(sent).toEqual([
      [story(1)._id, story(2)._id, story(3)._id],
      [story(1)._id, story(3)._id],
    ]);
  });
});

describe('Story Video List page in the URL', { timeout: 30_000 }, () => {
  const url = (router: ReturnType<typeof renderApp>['router']) =>
    router.state.location.pathname + router.state.location.search;

  it('opens the page the URL names and writes each page into it, page 1 bare', async () => {
    const server = storyServer(201);
    const user = userEvent.setup();
    const { router } = renderApp('/add/story/video?page=2');
    expect(await findLabelled('Select story 201', { timeout: 8000 })).toBeVisible();
    expect(screen.getByText('Showing 201 of 201 stories', { selector: 'p' })).toBeInTheDocument();
    expect(within(pager()).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(server.asked[0]).toEqual({ page: 2, limit: 200 });

    // A draft in the add form stays while the list pages: only an add opens the screen afresh.
    const form = screen.getByRole('form', { name: 'Add Story' });
    await user.type(within(form).getByLabelText('Button Name'), 'Draft');
    await user.click(screen.getByLabelText('Select story 201'));
    await user.click(within(pager()).getByRole('button', { name: 'Page 1' }));
    expect(await findLabelled('Select story 1')).toBeInTheDocument();
    expect(url(router)).toBe('/add/story/video');
    expect(within(form).getByLabelText('Button Name')).toHaveValue('Draft');

    // Back is the page before, its selection cleared.
    await act(() => router.navigate(-1));
    expect(await findLabelled('Select story 201')).not.toBeChecked();
    expect(url(router)).toBe('/add/story/video?page=2');
    expect(within(pager()).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('steps back to the last page from a page past it, in place of the entry', async () => {
    const server = storyServer(201);
    const { router } = renderApp('/add/story/video?page=7');
    expect(await findLabelled('Select story 201', { timeout: 8000 })).toBeVisible();
    expect(url(router)).toBe('/add/story/video?page=2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(server.asked.map((a) => a.page)).toEqual([7, 2]);
  });

  it('returns from the edit screen, by Cancel or after a save, to the page it was opened from', async () => {
    const oldest = story(201);
    const put = vi.fn(() => jsonResponse({ status: true, message: 'Story updated successfully!' }));
    storyServer(201, {
      'GET /api/App/story/video/find': { status: true, message: 'ok', data: oldest },
      'PUT /api/App/Edit/story/video': put,
    });
    const user = userEvent.setup();
    const { router } = renderApp('/add/story/video?page=2');
    const edit = async () => {
      await user.click(await screen.findByRole('button', { name: 'Edit story 201' }, { timeout: 8000 }));
      expect(await screen.findByRole('heading', { name: 'Story Management' })).toBeInTheDocument();
      expect(url(router)).toBe(`/update/story/video/${oldest._id}`);
    };

    await edit();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await findLabelled('Select story 201')).toBeInTheDocument();
    expect(url(router)).toBe('/add/story/video?page=2');

    await edit();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await answerMath();
    await waitFor(() => expect(put).toHaveBeenCalledOnce());
    await waitFor(() => expect(url(router)).toBe('/add/story/video?page=2'), { timeout: 3000 });
    expect(await findLabelled('Select story 201')).toBeInTheDocument();

    // Opened directly (a bookmark, a typed address), the edit screen returns to the list's first page.
    await act(() => router.navigate(`/update/story/video/${oldest._id}`));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await findLabelled('Select story 1')).toBeInTheDocument();
    expect(url(router)).toBe('/add/story/video');
  });
});
