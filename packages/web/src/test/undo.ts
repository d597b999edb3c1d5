import { fireEvent, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { trashMessages } from '@streamdesk/contract/trash';
import { jsonResponse } from './runtime';
import { findToast } from './toasts';

/**
 * The trash's restore, for a screen whose delete toast offers Undo: `api` goes into the mocked API,
 * `undo` clicks Undo in the toast saying `message`, waits for the restore's toast and answers the ids sent.
 */
export function undoApi() {
  const sent: string[][] = [];
  return {
    api: {
      'POST /api/admin/trash/restore': (_url: string, init: RequestInit) => {
        const { id } = JSON.parse(String(init.body)) as { id: string[] };
        sent.push(id);
        return jsonResponse({ status: true, message: trashMessages.restored(id.length), count: id.length });
      },
    },
    async undo(message: string): Promise<string[][]> {
      const toast = await findToast(message);
      // A click, not userEvent's pointer sequence: the toast captures the pointer, which jsdom lacks.
      const before = sent.length;
      fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
      // The restore's words count what it was sent ('2 items restored'), known once it is sent.
      await waitFor(() => expect(sent.length).toBeGreaterThan(before));
      await findToast(trashMessages.restored(sent.at(-1)!.length));
      return sent;
    },
  };
}
