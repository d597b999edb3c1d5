import { openRequest } from '@streamdesk/contract/envelope';
import { liveMatchesDeletedMessage, liveMatchMessages } from '@streamdesk/contract/live-matches';
import { ROLE_GRANTS, type Role } from '@streamdesk/contract/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { jsonResponse, TEST_PAYLOAD_KEY } from '@/test/runtime';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';
import { undoApi } from '@/test/undo';
import { openScreen } from './signed-in-app';
import { testMatch, testMatchList } from './test-live-matches';

signedInScreenTests();

const semi = { ...testMatch, _id: '6650f0c1a2b3c4d5e6f70820', title: 'Semi Final' };
const derby = { ...testMatch, _id: '6650f0c1a2b3c4d5e6f70821', title: 'Derby' };

/** The list answers what is left; the delete (a sealed id list) records the ids and takes them out. */
function matchesApi(role: Role = 'owner') {
  let listed = [testMatch, semi, derby];
  const deleted: string[][] = [];
  const remove = vi.fn(async (_url: string, init: RequestInit) => {
    const { id } = (await openRequest(JSON.parse(String(init.body)), TEST_PAYLOAD_KEY)) as { id: string[] };
    deleted.push(id);
    listed = listed.filter((m) => !id.includes(m._id));
    return jsonResponse({ status: true, message: liveMatchesDeletedMessage(id.length), deleted: id.length });
  });
  const restore = undoApi();
  openScreen('/add/liveMatch', {
    'GET /api/admin/me': {
      ...signedInApi['GET /api/admin/me'],
      data: { ...signedInApi['GET /api/admin/me'].data, role, permissions: ROLE_GRANTS[role] },
    },
    'GET /api/App/liveMatch/admin': () => jsonResponse(testMatchList(listed, true)),
    'DELETE /api/App/liveMatch/admin': remove,
    ...restore.api,
  });
  return { deleted, remove, restore };
}

const rowOf = (title: string) => screen.getByRole('cell', { name: title }).closest('tr')!;
const deleteSelected = (n: number) => screen.getByRole('button', { name: `Delete selected (${n})` });

describe('Live Match list: Delete selected', () => {
  it('deletes the ticked matches in one call after the arithmetic question, and Undo restores them', async () => {
    const { deleted, remove, restore } = matchesApi();
    const user = userEvent.setup();
    await screen.findByText('Derby', {}, { timeout: 5000 });
    expect(deleteSelected(0)).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select Cup Final' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Semi Final' }));
    expect(
      within(screen.getByRole('toolbar', { name: 'Selected rows' })).getByText('2 selected'),
    ).toBeVisible();
    await user.click(deleteSelected(2));
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent(
      'You are about to delete 2 Live Matches. To confirm, please solve this math problem',
    );
    // The red Delete, as every list's delete dialog says it.
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();

    await answerMath({ wrong: true, confirm: 'Delete' });
    expect(await screen.findByText('Captcha answer is not correct')).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    await answerMath({ confirm: 'Delete' });
    await waitFor(() => expect(deleted).toEqual([[testMatch._id, semi._id]]));
    await waitFor(() => expect(screen.queryByText('Cup Final')).toBeNull());
    expect(screen.queryByText('Semi Final')).toBeNull();
    expect(screen.getByText('Derby')).toBeInTheDocument();
    expect(deleteSelected(0)).toBeDisabled();

    // The toast says how many, and its Undo restores exactly those two.
    expect(await restore.undo('2 live matches deleted successfully')).toEqual([[testMatch._id, semi._id]]);
  }, 20_000);

  it("a row's own Delete asks the same question for that match alone, in the one-item words", async () => {
    const { deleted, restore } = matchesApi();
    const user = userEvent.setup();
    await screen.findByText('Derby', {}, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select Derby' }));
    await user.click(within(rowOf('Semi Final')).getByRole('button', { name: 'Delete Semi Final' }));
    expect(screen.getByRole('dialog', { name: 'Please confirm' })).toHaveTextContent(
      'You are about to delete Live Match "Semi Final". To confirm',
    );
    await answerMath({ confirm: 'Delete' });
    await waitFor(() => expect(deleted).toEqual([[semi._id]]));
    expect(await restore.undo(liveMatchMessages.deleted)).toEqual([[semi._id]]);
    // The ticked row stays ticked, and Delete selected counts it alone.
    expect(screen.getByRole('checkbox', { name: 'Select Derby' })).toBeChecked();
    expect(deleteSelected(1)).toBeEnabled();
  }, 20_000);

  it('selects all on the page but the row in edit, and forgets the selection when the order changes', async () => {
    const { deleted } = matchesApi();
    const user = userEvent.setup();
    await screen.findByText('Derby', {}, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(deleteSelected(3)).toBeEnabled();
    // The row in edit has no box, and a bulk delete would drop its change unasked: it is left out.
    await user.click(screen.getByRole('button', { name: 'Edit Cup Final' }));
    expect(deleteSelected(2)).toBeEnabled();
    await user.click(deleteSelected(2));
    await answerMath({ confirm: 'Delete' });
    await waitFor(() => expect(deleted).toEqual([[semi._id, derby._id]]));
    expect(screen.getByRole('row', { name: 'Editing Cup Final' })).toBeInTheDocument();
    // Out of edit, it is back in the selection it was ticked in.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('checkbox', { name: 'Select Cup Final' })).toBeChecked();
    expect(deleteSelected(1)).toBeEnabled();
    await user.click(screen.getByRole('button', { name: /^Title/ }));
    expect(deleteSelected(0)).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select Cup Final' })).not.toBeChecked();
  }, 20_000);

  it('lets an analyst tick rows but not delete them, as their Delete is held', async () => {
    matchesApi('analyst');
    const user = userEvent.setup();
    await screen.findByText('Derby', {}, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select Cup Final' }));
    await waitFor(() => expect(deleteSelected(1)).toBeDisabled());
    expect(deleteSelected(1)).toHaveAttribute('title', 'Analysts cannot change live matches');
    expect(within(rowOf('Cup Final')).getByRole('button', { name: 'Delete Cup Final' })).toBeDisabled();
  }, 20_000);

  it('gives an editor, who may change live matches, the bulk delete', async () => {
    matchesApi('editor');
    const user = userEvent.setup();
    await screen.findByText('Derby', {}, { timeout: 5000 });
    // The role is known once the History links go (editors do not read the activity log).
    await waitFor(() => expect(screen.queryByRole('link', { name: 'History of Cup Final' })).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: 'Select Cup Final' }));
    expect(deleteSelected(1)).toBeEnabled();
  }, 20_000);
});
