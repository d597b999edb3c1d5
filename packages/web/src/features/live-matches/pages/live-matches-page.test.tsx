import { LIVE_MATCH_PAGE_SIZE } from '@streamdesk/contract/live-matches';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { POLLED_OLD_AFTER_MS } from '@/lib/stats-polling';
import { answerMath } from '@/test/answer-math';
import { PNG } from '@/test/images';
import { jsonResponse, pendingResponse } from '@/test/runtime';
import { signedInScreenTests } from '@/test/signed-in-screen';
import { dateTimeMessages } from '@/ui/date-time-field';
import { liveMatchViewersQuery } from '../api';
import { openScreen } from './signed-in-app';
import { testMatch, testMatchList } from './test-live-matches';

const match = testMatch;
const list = testMatchList;

signedInScreenTests();

describe('Live Match Management', () => {
  it("links each row to its match's entries in the activity log", async () => {
    openScreen('/add/liveMatch', { 'GET /api/App/liveMatch/admin': list([match], true) });
    const row = (await screen.findByText('Cup Final', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'History of Cup Final' })).toHaveAttribute(
      'href',
      `/activity?feature=live-matches&item=${match._id}`,
    );
  });

  it('says when the Watching now figures are old: the polls have failed for two intervals', async () => {
    let failing = false;
    const viewers = vi.fn(() =>
      failing
        ? jsonResponse({ status: false, message: 'down' }, 503)
        : jsonResponse({ status: true, message: 'ok', data: [{ _id: match._id, liveView: 2300 }] }),
    );
    openScreen('/add/liveMatch', {
      'GET /api/App/liveMatch/admin': list([match], true),
      'GET /api/admin/system/liveViewers': viewers,
    });
    const row = (await screen.findByText('Cup Final', {}, { timeout: 5000 })).closest('tr')!;
    const cell = await within(row).findByText('2.3k');
    const at = queryClient.getQueryState(liveMatchViewersQuery.queryKey)!.dataUpdatedAt;

    failing = true;
    const now = vi.spyOn(Date, 'now').mockReturnValue(at + POLLED_OLD_AFTER_MS / 2);
    await act(() => queryClient.refetchQueries({ queryKey: liveMatchViewersQuery.queryKey }));
    expect(screen.queryByText(/Watching now: not updated since/)).toBeNull();

    now.mockReturnValue(at + POLLED_OLD_AFTER_MS);
    await act(() => queryClient.refetchQueries({ queryKey: liveMatchViewersQuery.queryKey }));
    expect(await screen.findByText(/Watching now: not updated since/)).toBeInTheDocument();
    // The figure is kept (doc 1 section 8), dimmed.
    expect(within(row).getByText('2.3k')).toBe(cell);
    expect(cell).toHaveClass('opacity-50');
    now.mockRestore();

    failing = false;
    await act(() => queryClient.refetchQueries({ queryKey: liveMatchViewersQuery.queryKey }));
    await waitFor(() => expect(screen.queryByText(/Watching now: not updated since/)).toBeNull());
    expect(cell).not.toHaveClass('opacity-50');
  });

  it('shows no Running badge until the list says whether the feature is on', async () => {
    const listed = pendingResponse();
    openScreen('/add/liveMatch', { 'GET /api/App/liveMatch/admin': listed.handler });
    expect(await screen.findByRole('heading', { name: 'Live Match Management' })).toBeInTheDocument();
    expect(screen.queryByText(/Running/)).not.toBeInTheDocument();
    listed.answer(list([match], false));
    expect(await screen.findByText('Not Running')).toBeInTheDocument();
  });

  it('lists matches with the Running badge, views and date, and checks the add form before sending', async () => {
    const post = vi.fn();
    const api = {
      'GET /api/App/liveMatch/admin': list([match], true),
      'POST /api/App/liveMatch/admin': post,
      'GET /api/admin/system/liveViewers': {
        status: true,
        message: 'ok',
        data: [{ _id: match._id, liveView: 2300 }],
      },
    };
    openScreen('/add/liveMatch', api);
    const user = userEvent.setup({ applyAccept: false });
    const row = (await screen.findByText('Cup Final', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(row).getByText('1.5k')).toBeInTheDocument();
    // Watching now, from the live viewers poll.
    expect(await within(row).findByText('2.3k')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Watching now' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1 live match')).toBeInTheDocument();
    expect(within(row).getByText('21/11/2026 11:30:00 AM')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Status of Cup Final' })).toBeChecked();
    expect(screen.getByText('Running')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add live match' });
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByText('Title is required')).toBeInTheDocument();
    expect(within(form).getByText('URL is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Title'), 'Semi');
    await user.type(within(form).getByLabelText('URL'), 'https://s.example');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please select a valid image to upload.')).toBeInTheDocument();

    const input = within(form).getByLabelText('Image (PNG or GIF)') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(
      await screen.findByText(
        'Only GIF and PNG files are allowed. Please select an image with a valid format.',
      ),
    ).toBeInTheDocument();
    expect(input.value).toBe('');
    expect(within(form).getByRole('img', { name: 'File refused' })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  }, 20_000);

  it('says which matches of how many a later page shows, as every paged list does', async () => {
    openScreen('/add/liveMatch?page=2', {
      'GET /api/App/liveMatch/admin': {
        ...list([match], true),
        totalPage: 2,
        total: LIVE_MATCH_PAGE_SIZE + 1,
      },
    });
    const all = LIVE_MATCH_PAGE_SIZE + 1;
    expect(
      await screen.findByText(`Showing ${all} of ${all} live matches`, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Pagination')).getByRole('button', { name: 'Page 2' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('plans a start and end typed as DD/MM/YYYY HH:MM, refusing an end before the start beside it', async () => {
    const sent: FormData[] = [];
    const api = {
      'GET /api/App/liveMatch/admin': list([], true),
      'POST /api/App/liveMatch/admin': (_url: string, init: RequestInit) => {
        sent.push(init.body as FormData);
        return jsonResponse({ status: true, message: 'Live match added successfully', data: match });
      },
    };
    openScreen('/add/liveMatch', api);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add live match' }, { timeout: 5000 });
    await user.type(within(form).getByLabelText('Title'), 'Derby');
    await user.type(within(form).getByLabelText('URL'), 'https://s.example/derby');
    await user.upload(
      within(form).getByLabelText('Image (PNG or GIF)'),
      new File([PNG], 'derby.png', { type: 'image/png' }),
    );
    const start = within(form).getByLabelText('Planned start (optional)');
    const end = within(form).getByLabelText('Planned end (optional)');
    await user.type(start, '24/12/2099 19:30');
    await user.type(end, '24/12/2099 19:00');
    expect(end).toHaveAccessibleDescription(expect.stringContaining(dateTimeMessages.endBeforeStart));
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(sent).toHaveLength(0);
    expect(start).toHaveValue('24/12/2099 19:30');

    await user.clear(end);
    await user.type(end, '24/12/2099 21:30');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // Asia/Kolkata's wall clock (+5:30) in UTC, as the native input's value was sent before.
    expect(sent[0]!.get('plannedStart')).toBe('2099-12-24T14:00:00.000Z');
    expect(sent[0]!.get('plannedEnd')).toBe('2099-12-24T16:00:00.000Z');
    await waitFor(() => expect(start).toHaveValue(''));
  }, 20_000);

  it("shows a match's planned times as DD/MM/YYYY in its row and its edit row", async () => {
    const planned = {
      ...match,
      plannedStart: '2099-12-24T14:00:00.000Z',
      plannedEnd: '2099-12-24T16:00:05.000Z',
    };
    openScreen('/add/liveMatch', { 'GET /api/App/liveMatch/admin': list([planned], false) });
    const user = userEvent.setup();
    const row = (await screen.findByText('Cup Final', {}, { timeout: 5000 })).closest('tr')!;
    expect(row).toHaveTextContent('Starts 24/12/2099 19:30:00');
    expect(row).toHaveTextContent('Ends 24/12/2099 21:30:05');
    await user.click(within(row).getByRole('button', { name: 'Edit Cup Final' }));
    const editing = screen.getByRole('row', { name: 'Editing Cup Final' });
    expect(within(editing).getByLabelText('Edit planned start')).toHaveValue('24/12/2099 19:30');
    expect(within(editing).getByLabelText('Edit planned end')).toHaveValue('24/12/2099 21:30:05');
  });

  it('refuses a URL that is not http(s) in the add form and the edit row, sending nothing', async () => {
    const post = vi.fn();
    const put = vi.fn();
    openScreen('/add/liveMatch', {
      'GET /api/App/liveMatch/admin': list([match], true),
      'POST /api/App/liveMatch/admin': post,
      'PUT /api/App/liveMatch/admin': put,
    });
    const user = userEvent.setup();
    const row = (await screen.findByText('Cup Final', {}, { timeout: 5000 })).closest('tr')!;

    const form = screen.getByRole('form', { name: 'Add live match' });
    await user.type(within(form).getByLabelText('Title'), 'Semi');
    for (const url of ['javascript:alert(document.domain)', 'not a url', 'rtmp://live.example.com/a']) {
      await user.clear(within(form).getByLabelText('URL'));
      await user.type(within(form).getByLabelText('URL'), url);
      await user.click(within(form).getByRole('button', { name: 'Add' }));
      expect(within(form).getByText('URL must be a valid http(s) URL')).toBeInTheDocument();
    }
    // The URL passes once it is http(s); the missing image is what stops the form now.
    await user.clear(within(form).getByLabelText('URL'));
    await user.type(within(form).getByLabelText('URL'), 'https://cdn.example.com/semi.m3u8');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).queryByText('URL must be a valid http(s) URL')).toBeNull();
    expect(await screen.findByText('Please select a valid image to upload.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Edit Cup Final' }));
    const editing = screen.getByRole('row', { name: 'Editing Cup Final' });
    await user.clear(within(editing).getByLabelText('Edit URL'));
    await user.type(within(editing).getByLabelText('Edit URL'), 'not a url');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('URL must be a valid http(s) URL')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Please confirm' })).toBeNull();
    expect(post).not.toHaveBeenCalled();
    expect(put).not.toHaveBeenCalled();
  }, 20_000);

  it('links only an http(s) URL, so a match stored before the check cannot run a script', async () => {
    const old = { ...match, _id: '6650f0c1a2b3c4d5e6f70814', title: 'Old', url: 'javascript:alert(1)' };
    openScreen('/add/liveMatch', { 'GET /api/App/liveMatch/admin': list([match, old], true) });
    const oldRow = (await screen.findByText('Old', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(oldRow).getByText('javascript:alert(1)')).not.toHaveAttribute('href');
    // Its one link is its History.
    expect(
      within(oldRow)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([`/activity?feature=live-matches&item=${old._id}`]);
    const row = screen.getByText('Cup Final').closest('tr')!;
    expect(within(row).getByRole('link', { name: match.url })).toHaveAttribute('href', match.url);
  });

  it('edits one row at a time and sends the form with the new values after the captcha', async () => {
    const sent: FormData[] = [];
    const second = { ...match, _id: '6650f0c1a2b3c4d5e6f70813', title: 'Other' };
    const api = {
      'GET /api/App/liveMatch/admin': list([match, second], false),
      'PUT /api/App/liveMatch/admin': (_url: string, init: RequestInit) => {
        sent.push(init.body as FormData);
        return jsonResponse({ status: true, message: 'Live match updated successfully', data: match });
      },
    };
    openScreen('/add/liveMatch', api);
    const user = userEvent.setup();
    expect(await screen.findByText('Not Running', {}, { timeout: 5000 })).toBeInTheDocument();
    await screen.findByText('Cup Final');
    const rowOf = (title: string) => screen.getByText(title).closest('tr')!;
    await user.click(within(rowOf('Cup Final')).getByRole('button', { name: 'Edit Cup Final' }));
    await user.click(within(rowOf('Other')).getByRole('button', { name: 'Edit Other' }));
    expect(screen.getAllByRole('row', { name: /^Editing/ })).toHaveLength(1);
    const editing = screen.getByRole('row', { name: 'Editing Other' });
    // Edit puts the focus in the row's first field (the Edit button went with the row; 0057).
    await waitFor(() => expect(within(editing).getByLabelText('Edit title')).toHaveFocus());
    await user.clear(within(editing).getByLabelText('Edit title'));
    await user.type(within(editing).getByLabelText('Edit title'), 'Other 2');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText(
        'You are about to update Live Match "Other". To confirm, please solve this math problem',
      ),
    ).toBeInTheDocument();
    await answerMath({ wrong: true });
    expect(await screen.findByText('Captcha answer is not correct')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await answerMath();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(Object.fromEntries(sent[0]!.entries())).toEqual({
      _id: second._id,
      title: 'Other 2',
      url: second.url,
      version: second.version,
    });
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Editing/ })).toBeNull());
  }, 20_000);

  it('closes the delete confirmation as it sends, so a second press cannot send the delete again', async () => {
    const remove = pendingResponse();
    openScreen('/add/liveMatch', {
      'GET /api/App/liveMatch/admin': list([match], true),
      'DELETE /api/App/liveMatch/admin': remove.handler,
    });
    const user = userEvent.setup();
    const row = (await screen.findByText('Cup Final', {}, { timeout: 5000 })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete Cup Final' }));
    await answerMath({ confirm: 'Delete' });
    expect(screen.queryByRole('dialog', { name: 'Please confirm' })).toBeNull();
    // The delete is sealed (and keyed) before it goes out: wait for it rather than race those steps.
    await waitFor(() => expect(remove.handler).toHaveBeenCalledOnce());
    // The row's Delete is held until the reply: it cannot be asked for again meanwhile.
    expect(within(row).getByRole('button', { name: 'Delete Cup Final' })).toBeDisabled();
    remove.answer({ status: true, message: 'Live match deleted successfully' });
    expect(await screen.findByText('Live match deleted successfully')).toBeInTheDocument();
  }, 20_000);

  it("names each row's buttons with its match, keeping the visible text", async () => {
    const other = { ...match, _id: '6650f0c1a2b3c4d5e6f70815', title: 'Semi Final' };
    openScreen('/add/liveMatch', { 'GET /api/App/liveMatch/admin': list([match, other], true) });
    await screen.findByText('Semi Final', {}, { timeout: 5000 });
    for (const title of ['Cup Final', 'Semi Final']) {
      const row = screen.getByText(title).closest('tr')!;
      for (const [name, text] of [
        [`Copy link to ${title}`, 'Copy link'],
        [`Edit ${title}`, 'Edit'],
        [`Delete ${title}`, 'Delete'],
      ] as const)
        expect(within(row).getByRole('button', { name })).toHaveTextContent(text);
    }
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('reloads the list when a switch meets a match another admin deleted', async () => {
    let listed = [match];
    const read = vi.fn(() => jsonResponse(list(listed, true)));
    openScreen('/add/liveMatch', {
      'GET /api/App/liveMatch/admin': read,
      [`PUT /api/App/liveMatch/admin/status/${match._id}`]: () => {
        listed = [];
        return jsonResponse({ status: false, message: 'Live match not found' }, 404);
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Status of Cup Final' }, { timeout: 5000 }));
    await answerMath({ title: 'Change status' });
    expect(await screen.findByText('Live match not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('switch', { name: 'Status of Cup Final' })).toBeNull());
    // Read again (the app-wide reload after a 404, where there is one, may read it once more).
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(2);
  }, 20_000);

  it('adds once and toasts once when the form is submitted twice before the reply', async () => {
    const added = pendingResponse();
    openScreen('/add/liveMatch', {
      'GET /api/App/liveMatch/admin': list([match], true),
      'POST /api/App/liveMatch/admin': added.handler,
    });
    const user = userEvent.setup();
    await screen.findByText('Cup Final', {}, { timeout: 5000 });
    const form = screen.getByRole('form', { name: 'Add live match' });
    await user.type(within(form).getByLabelText('Title'), 'Semi');
    await user.type(within(form).getByLabelText('URL'), 'https://s.example/semi.m3u8');
    await user.upload(
      within(form).getByLabelText('Image (PNG or GIF)'),
      new File([PNG], 'semi.png', { type: 'image/png' }),
    );
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(added.handler).toHaveBeenCalledOnce());
    added.answer({ status: true, message: 'Live match added successfully', data: match });
    expect(await screen.findByText('Live match added successfully')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('Live match added successfully')).toHaveLength(1);
    expect(added.handler).toHaveBeenCalledOnce();
  }, 20_000);
});
