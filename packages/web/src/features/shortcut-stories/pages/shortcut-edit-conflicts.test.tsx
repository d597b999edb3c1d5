import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { answerMath } from '@/test/answer-math';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { shortcutRow } from '../test-shortcuts';

/** Edit conflicts (docs/decisions/0009-edit-conflicts.md) on the Shortcut Story list's inline edit. */

signedInScreenTests({ authStatus: 'signed-in' });

const listReply = (data: unknown[]) => ({
  status: true,
  message: 'ok',
  data,
  next_s_no: data.length + 1,
  secondStoryBrand: false,
  totalPage: 1,
  total: data.length,
});

describe('Shortcut Story list: an edit refused because another admin changed the shortcut', () => {
  it('sends the version the row had when Edit was pressed; refused, it toasts, leaves edit mode and reloads', async () => {
    let stored = shortcutRow(1);
    let lists = 0;
    const sent: FormData[] = [];
    mockApi({
      ...shell,
      'GET /api/sortcut': () => {
        lists += 1;
        return jsonResponse(listReply([stored]));
      },
      'PUT /api/sortcut': (_url: string, init: RequestInit) => {
        sent.push(init.body as FormData);
        return jsonResponse({ status: false, message: editVersionMessages.changed('shortcut story') }, 409);
      },
    });
    const user = userEvent.setup();
    renderApp('/add/story');
    await user.click(await screen.findByRole('button', { name: 'Edit Brand 1' }, { timeout: 8000 }));
    const table = screen.getByRole('table', { name: 'Shortcut stories' });
    // Edit puts the focus in the row's first field, not on Save in Edit's place (0057).
    await waitFor(() => expect(within(table).getByRole('textbox', { name: 'No' })).toHaveFocus());
    const url = within(table).getByRole('textbox', { name: 'Url' });
    await user.clear(url);
    await user.type(url, 'https://mine.example');
    // Another admin renames the shortcut meanwhile; the next list read has it.
    stored = shortcutRow(1, { name: 'Renamed by B', version: 'bbbbbbbbbbbbbbbb' });
    await user.click(within(table).getByRole('button', { name: 'Save' }));
    await answerMath();

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(Object.fromEntries(sent[0]!.entries())).toEqual({
      _id: 'id1',
      name: 'Brand 1',
      url: 'https://mine.example',
      s_no: '1',
      label: 'AD',
      version: '0000000000000001',
    });
    expect(await screen.findByText(editVersionMessages.changed('shortcut story'))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Renamed by B' })).toBeEnabled();
    expect(lists).toBeGreaterThanOrEqual(2);
    expect(within(table).queryByRole('textbox', { name: 'Name' })).toBeNull();
  }, 20_000);

  it('keeps the version the row opened with when the list reloads under the open edit', async () => {
    const sent: FormData[] = [];
    let stored = [shortcutRow(1), shortcutRow(2)];
    mockApi({
      ...shell,
      'GET /api/sortcut': () => jsonResponse(listReply(stored)),
      'DELETE /api/sortcut': () => {
        stored = [shortcutRow(1, { version: 'cccccccccccccccc', name: 'Brand 1 meanwhile' })];
        return jsonResponse({ status: true, message: 'Shortcut story deleted successfully' });
      },
      'PUT /api/sortcut': (_url: string, init: RequestInit) => {
        sent.push(init.body as FormData);
        return jsonResponse({ status: false, message: editVersionMessages.changed('shortcut story') }, 409);
      },
    });
    const user = userEvent.setup();
    renderApp('/add/story');
    await user.click(await screen.findByRole('button', { name: 'Edit Brand 1' }, { timeout: 8000 }));
    // Brand 2 deleted while Brand 1 is open: the list reloads with Brand 1 at another version.
    await user.click(screen.getByRole('button', { name: 'Delete Brand 2' }));
    await answerMath({ confirm: 'Delete' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Brand 2' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerMath();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('version')).toBe('0000000000000001');
    expect(sent[0]!.get('name')).toBe('Brand 1');
  }, 20_000);
});
