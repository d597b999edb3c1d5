import { toast } from 'sonner';
import { UNDO_SECONDS } from '@streamdesk/contract/trash-undo';
import { failureMessage, requestApi } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { toastSuccess } from './toast-success';

/**
 * The toast of a delete that moved its items to the trash: the server's message with **Undo** for
 * UNDO_SECONDS, which restores exactly those items (docs/decisions/0037-trash.md). Every query goes
 * stale after an Undo: the items are back in their lists, and the Trash screen lost them.
 */
export function toastDeleted(message: string, ids: readonly string[]): void {
  const text = message || 'Deleted successfully';
  toast.success(text, {
    id: `deleted:${ids.join(',')}`,
    duration: UNDO_SECONDS * 1000,
    action: {
      label: 'Undo',
      onClick: () => void undo(ids),
    },
  });
}

async function undo(ids: readonly string[]) {
  try {
    // Loaded on the click: the trash's schemas stay out of every screen's start (contract/trash-undo.ts).
    const { trashRoutes } = await import('@streamdesk/contract/trash');
    const reply = await requestApi(trashRoutes.restore, { body: { id: [...ids] } });
    toastSuccess(reply.message);
  } catch (error) {
    toast.error(failureMessage(error, 'Failed to undo the delete'));
  } finally {
    await queryClient.invalidateQueries();
  }
}
