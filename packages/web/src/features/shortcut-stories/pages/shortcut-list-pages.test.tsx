import { openRequest } from '@streamdesk/contract/envelope';
import * as format from '@streamdesk/contract/format';
import { shortcutsDeletedMessage } from '@streamdesk/contract/shortcut-stories';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { findLabelled } from '@/test/labelled';
import { PNG } from '@/test/images';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse, TEST_PAYLOAD_KEY } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { shortcutRow } from '../test-shortcuts';

// Each step is a call and a page load (the page is the URL's): allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

/** Shortcut `n` with a Click of its own (1000 + n). */
const row = (n: number) => shortcutRow(n, { clickCount: 1000 + n });

/** The server's list: in No order, `limit` a page, with the next No and the page count. */
function shortcutServer(count: number) {
  let rows = Array.from({ length: count }, (_, i) => row(i + 1));
  const pages: number[] = [];
  const list = vi.fn((url: string) => {
    const query = new URL(url, 'http://localhost').searchParams;
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    pages.push(page);
    expect(limit).toBe(100);
    return jsonResponse({
      status: true,
      message: 'ok',
      data: rows.slice((page - 1) * limit, page * limit),
      next_s_no: Math.max(0, ...rows.map((r) => r.s_no)) + 1,
      secondStoryBrand: true,
      totalPage: Math.ceil(rows.length / limit),
      total: rows.length,
    });
  });
  const add = vi.fn((_url: string, init: RequestInit) => {
    const form = init.body as FormData;
    const added = { ...row(Number(form.get('s_no'))), name: String(form.get('name')) };
    rows = [...rows, added];
    return jsonResponse({ status: true, message: 'Shortcut story added successfully', data: added });
  });
  const deleted: string[][] = [];
  const remove = vi.fn(async (_url: string, init: RequestInit) => {
    const { id } = (await openRequest(JSON.parse(String(init.body)), TEST_PAYLOAD_KEY)) as { id: string[] };
    deleted.push(id);
    rows = rows.filter((r) => !id.includes(r._id));
    return jsonResponse({ status: true, message: shortcutsDeletedMessage(id.length), deleted: id.length });
  });
  mockApi({ ...shell, 'GET /api/sortcut': list, 'POST /api/sortcut': add, 'DELETE /api/sortcut': remove });
  return { pages, deleted };
}

// Found by label and by their table: role queries over a hundred rows take seconds in jsdom.
const bodyRows = () => [...document.querySelectorAll<HTMLElement>('table tbody tr')];
const pager = () => screen.getByLabelText('Pagination');

signedInScreenTests({ authStatus: 'signed-in' });

describe('Shortcut Story page past 100 shortcuts', { timeout: 60_000 }, () => {
  it('pages through them 100 at a time, numbered by their own No', async () => {
    const server = shortcutServer(150);
    const user = userEvent.setup();
    renderApp('/add/story');
    await findLabelled('Edit Brand 100', { timeout: 20_000 });
    expect(bodyRows()).toHaveLength(100);
    expect(within(pager()).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Showing 1–100 of 150 shortcuts')).toBeInTheDocument();

    await user.click(within(pager()).getByRole('button', { name: 'Page 2' }));
    // Up to 20 s as page 1's wait: on a busy CI machine page 2's 50 rows took past findLabelled's 5 s
    // (passed on its retry in two fresh-clone runs).
    expect(await findLabelled('Edit Brand 150', { timeout: 20_000 })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(50);
    expect(within(bodyRows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('101');
    expect(screen.getByText('Showing 101–150 of 150 shortcuts')).toBeInTheDocument();
    expect(screen.queryByLabelText('Edit Brand 1')).toBeNull();
    // Page 1, then page 2, once. Page 1 can be read again before the click on a busy machine (CI once:
    // [1, 1, 1, 2]): a reader mounting after the list's 10 s staleTime, or a mount after a cancelled read.
    expect([...new Set(server.pages)]).toEqual([1, 2]);
    expect(server.pages.filter((page) => page === 2)).toHaveLength(1);
    // The form offers the No after the highest, whatever the page.
    expect(screen.getByLabelText('No')).toHaveValue('151');
  });

  it('shows a new shortcut: the page jumps to the last one, where its No puts it', async () => {
    shortcutServer(100);
    const user = userEvent.setup();
    renderApp('/add/story');
    await findLabelled('Edit Brand 100', { timeout: 20_000 });
    // One page: no pager.
    expect(screen.queryByLabelText('Pagination')).toBeNull();

    const form = screen.getByRole('form', { name: 'Add shortcut story' });
    await user.type(within(form).getByLabelText('Title'), 'Newcomer');
    await user.type(within(form).getByLabelText('Url'), 'https://new.example');
    await user.upload(within(form).getByLabelText('Image'), new File([PNG], 'n.png', { type: 'image/png' }));
    await user.click(within(form).getByRole('button', { name: 'Upload' }));

    // The add, the list's reload, then page 2's own load (a new URL). Waited for by the Edit button's
    // aria-label: a label query looks at the labels of every element of the hundred rows on each try, and
    // at load 15-18 its tries kept the one-row page from rendering within 8 s (3 runs of 3; found 1-4 s
    // after they stopped). This way it was there after 6.3-7.6 s (3 of 3). Up to 20 s: beside the browser
    // suite, whose server now makes HLS ladders with ffmpeg, 8 s ran out twice in one CI run.
    await waitFor(() => expect(document.querySelector('[aria-label="Edit Newcomer"]')).not.toBeNull(), {
      timeout: 20_000,
    });
    expect(within(pager()).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(bodyRows()).toHaveLength(1);
    expect(within(form).getByLabelText('No')).toHaveValue('102');
  });

  it('selects and deletes on the page shown, then steps back when that page is gone', async () => {
    const server = shortcutServer(103);
    const user = userEvent.setup();
    renderApp('/add/story');
    await findLabelled('Edit Brand 1', { timeout: 20_000 });
    await user.click(screen.getByLabelText('Select Brand 1'));
    await user.click(within(pager()).getByRole('button', { name: 'Next' }));
    await findLabelled('Edit Brand 103');
    // The selection stays with its page.
    expect(screen.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();

    await user.click(screen.getByLabelText('Select all on this page'));
    await user.click(screen.getByRole('button', { name: 'Delete selected (3)' }));
    await answerMath({ confirm: 'Delete' });
    await waitFor(() => expect(server.deleted).toEqual([['id101', 'id102', 'id103']]));
    expect(await screen.findByText('3 shortcut stories deleted successfully')).toBeInTheDocument();
    expect(await findLabelled('Edit Brand 1')).toBeInTheDocument();
    // Page 1 shows from the cache at once, its reload (one page now) a moment later.
    await waitFor(() => expect(screen.queryByLabelText('Pagination')).toBeNull());
    expect(bodyRows()).toHaveLength(100);
  });

  it('re-renders only the row whose checkbox is ticked', async () => {
    shortcutServer(10);
    const user = userEvent.setup();
    renderApp('/add/story');
    await findLabelled('Edit Brand 10', { timeout: 20_000 });
    // Each row formats its Click once per render: a spy on the export says which rows rendered.
    const rendered = vi.spyOn(format, 'formatClickCount');
    await user.click(screen.getByRole('checkbox', { name: 'Select Brand 7' }));
    expect(screen.getByRole('checkbox', { name: 'Select Brand 7' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeEnabled();
    expect(rendered.mock.calls).toEqual([[1007]]);
  });
});
