import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { shortcutMessages } from '@streamdesk/contract/shortcut-stories';
import { answerMath, answerWrongThenRight } from '@/test/answer-math';
import { JPEG, PNG } from '@/test/images';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { shortcutRow } from '../test-shortcuts';

const row = (n: number, clickCount: number) => shortcutRow(n, { clickCount });
const listReply = (data: unknown[], running: boolean) => ({
  status: true,
  message: 'ok',
  data,
  next_s_no: data.length + 1,
  secondStoryBrand: running,
  totalPage: 1,
  total: data.length,
});

/** The page with the server's `handlers` (beside the shell's), Brand 1's row open for editing. */
async function editFirstRow(handlers: Parameters<typeof mockApi>[0]) {
  mockApi({ ...shell, ...handlers });
  const user = userEvent.setup();
  renderApp('/add/story');
  await user.click(await screen.findByRole('button', { name: 'Edit Brand 1' }, { timeout: 8000 }));
  return user;
}

signedInScreenTests({ authStatus: 'signed-in' });

describe('Shortcut Story page', { timeout: 15_000 }, () => {
  it("links each row to its shortcut's entries in the activity log", async () => {
    const first = row(1, 7);
    mockApi({ ...shell, 'GET /api/sortcut': listReply([first], true) });
    renderApp('/add/story');
    expect(
      await screen.findByRole('link', { name: 'History of Brand 1' }, { timeout: 8000 }),
    ).toHaveAttribute('href', `/activity?feature=shortcut-stories&item=${first._id}`);
  });

  it('shows Running from secondStoryBrand, offers the next No, and lists shortened zero-padded clicks', async () => {
    mockApi({ ...shell, 'GET /api/sortcut': listReply([row(1, 7), row(2, 1530)], true) });
    renderApp('/add/story');
    // The first render waits for the lazily loaded page module.
    expect(await screen.findByText('Running', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByLabelText('No')).toHaveValue('3');
    const table = screen.getByRole('table', { name: 'Shortcut stories' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('07');
    expect(rows[1]).toHaveTextContent('02/01/2026 08:34:05 AM');
    expect(rows[2]).toHaveTextContent('1.5k');
  });

  it('shows Not Running and the not-found picture for an empty list', async () => {
    mockApi({ ...shell, 'GET /api/sortcut': listReply([], false) });
    renderApp('/add/story');
    expect(await screen.findByRole('img', { name: 'No shortcut stories found' })).toBeInTheDocument();
    expect(screen.getByText('Not Running')).toBeInTheDocument();
  });

  it('refuses a wrong new logo as soon as it is picked: toast, cleared input, the cross', async () => {
    const put = vi.fn(() => jsonResponse({ status: true, message: 'Shortcut story updated successfully' }));
    mockApi({ ...shell, 'GET /api/sortcut': listReply([row(1, 0)], false), 'PUT /api/sortcut': put });
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/add/story');
    await user.click(await screen.findByRole('button', { name: 'Edit Brand 1' }, { timeout: 8000 }));
    const logo = screen.getByLabelText<HTMLInputElement>('New logo');

    await user.upload(logo, new File(['x'], 'logo.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(shortcutMessages.imageType)).toBeInTheDocument();
    expect(logo.files).toHaveLength(0);
    // The cross says the file was refused, not that an upload failed: the logo goes with Save.
    expect(screen.getByRole('img', { name: 'File refused' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Upload/ })).toBeNull();

    // A PNG cut off before its end is found as soon as it is picked, as the server would refuse it.
    await user.upload(logo, new File([PNG.slice(0, 20)], 'cut.png', { type: 'image/png' }));
    expect(await screen.findByText(/The image file is cut off/)).toBeInTheDocument();
    await waitFor(() => expect(logo.files).toHaveLength(0));

    // Logos are PNG or GIF by content: a JPEG under a PNG's name is refused too, as the server would.
    await user.upload(logo, new File([JPEG], 'photo.png', { type: 'image/png' }));
    await waitFor(() => expect(logo.files).toHaveLength(0));

    await user.upload(logo, new File([PNG], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'File refused' })).toBeNull());
    expect(logo.files).toHaveLength(1);
    expect(screen.queryByRole('img', { name: 'File refused' })).toBeNull();
    expect(put).not.toHaveBeenCalled();

    // The valid logo is the one sent with the edit.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerMath();
    await waitFor(() => expect(put).toHaveBeenCalledOnce());
    const form = (put.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect((form.get('image') as File).name).toBe('logo.png');
  });

  it('asks the captcha, then sends the edit as a form and leaves edit mode on success', async () => {
    const put = vi.fn((_url: string, init: RequestInit) => {
      const form = init.body as FormData;
      return jsonResponse({
        status: true,
        message: 'Shortcut story updated successfully',
        data: { ...row(1, 0), name: String(form.get('name')) },
      });
    });
    mockApi({
      ...shell,
      'GET /api/sortcut': listReply([row(1, 0), row(2, 0)], false),
      'PUT /api/sortcut': put,
    });
    const user = userEvent.setup();
    renderApp('/add/story');
    await user.click(await screen.findByRole('button', { name: 'Edit Brand 1' }, { timeout: 8000 }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Renamed');
    // A Url typed without its scheme is saved with https://, as the row says before Save (issue 36).
    const url = within(screen.getByRole('table')).getByRole('textbox', { name: 'Url' });
    await user.clear(url);
    await user.type(url, 'brand1.example/new');
    expect(url).toHaveAccessibleDescription('Saved as "https://brand1.example/new"');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText('You are about to update Shortcut Story. To confirm, please solve this math problem'),
    ).toBeInTheDocument();
    // A wrong answer sends nothing and keeps the dialog; the right one sends the edit.
    await answerWrongThenRight('Captcha answer is not correct', put);
    const form = put.mock.calls[0]![1].body as FormData;
    expect(Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]))).toEqual({
      _id: 'id1',
      name: 'Renamed',
      url: 'https://brand1.example/new',
      s_no: '1',
      label: 'AD',
      version: '0000000000000001',
    });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Edit Brand 1' })).toBeInTheDocument();
  });

  it('sends Click only when the admin changed it, so clicks counted meanwhile are kept', async () => {
    const put = vi.fn((_url: string, _init: RequestInit) =>
      jsonResponse({ status: true, message: 'Shortcut story updated successfully', data: row(1, 0) }),
    );
    mockApi({ ...shell, 'GET /api/sortcut': listReply([row(1, 7)], false), 'PUT /api/sortcut': put });
    const user = userEvent.setup();
    renderApp('/add/story');
    await user.click(await screen.findByRole('button', { name: 'Edit Brand 1' }, { timeout: 8000 }));
    const click = screen.getByRole('textbox', { name: 'Click' });
    await user.clear(click);
    await user.type(click, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerMath();
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect((put.mock.calls[0]![1].body as FormData).get('clickCount')).toBe('0');
  });

  it('leaves edit mode when the edited row is deleted', async () => {
    let rows = [row(1, 0), row(2, 0)];
    const del = vi.fn(() => {
      rows = [row(2, 0)];
      return jsonResponse({ status: true, message: 'Shortcut stories deleted successfully' });
    });
    mockApi({
      ...shell,
      'GET /api/sortcut': () => jsonResponse(listReply(rows, false)),
      'DELETE /api/sortcut': del,
    });
    const user = userEvent.setup();
    renderApp('/add/story');
    await user.click(await screen.findByRole('button', { name: 'Edit Brand 1' }, { timeout: 8000 }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' Sports');
    await user.click(screen.getByRole('checkbox', { name: 'Select Brand 1' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await answerMath({ confirm: 'Delete' });
    await waitFor(() => expect(del).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument());
    // Nothing of the deleted row's draft is left to ask about.
    await user.click(screen.getByRole('button', { name: 'Edit Brand 2' }));
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Brand 2');
  });

  it('ends the edit of a row another admin deleted once the refused save has reloaded the list', async () => {
    let rows = [row(1, 0), row(2, 0)];
    const put = vi.fn(() => jsonResponse({ status: false, message: shortcutMessages.notFound }, 404));
    const user = await editFirstRow({
      'GET /api/sortcut': () => jsonResponse(listReply(rows, false)),
      'PUT /api/sortcut': put,
    });
    rows = [row(2, 0)];
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerMath();
    expect(await screen.findByText(shortcutMessages.notFound)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument());
    // Nothing of the deleted row's draft is left to ask about.
    await user.click(screen.getByRole('button', { name: 'Edit Brand 2' }));
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Brand 2');
    expect(screen.queryByRole('button', { name: 'Edit Brand 1' })).not.toBeInTheDocument();
    expect(put).toHaveBeenCalledOnce();
  });
  it('refuses a Click past the maximum before the captcha, naming the field', async () => {
    const put = vi.fn(() => jsonResponse({ status: true, message: 'ok', data: row(1, 0) }));
    const user = await editFirstRow({
      'GET /api/sortcut': listReply([row(1, 0)], false),
      'PUT /api/sortcut': put,
    });
    const click = screen.getByRole('textbox', { name: 'Click' });
    await user.clear(click);
    await user.type(click, '2000000000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(shortcutMessages.clickTooLarge)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });
});
