import type { Feature } from '@streamdesk/contract/roles';
import { useState } from 'react';
import { unlessFailed } from '@/lib/api-client';
import { Button } from './button';
import type { ListSelection } from './list-table';
import { toastDeleted } from './toast-deleted';
import { toastSuccess } from './toast-success';
import { useInFlight } from './use-in-flight';
import { usePageSelection } from './use-page-selection';

/**
 * Row selection and the confirm-then-delete flow of a list: select rows (or all), ask for the arithmetic
 * confirmation for one row or the selection, then delete, toast the server's message and forget the
 * deleted ids. `remove` rejects when the delete fails (its mutation's onError says why): the rows stay. Render a ConfirmMathDialog with `open={confirming !== null}` and `onConfirm={confirm}`.
 * Rows being deleted cannot be asked for again until the reply (`isDeleting` holds their Delete): a
 * second delete of the same row would only come back 'not found'. With `toTrash` (the feature's delete
 * moves its items to the trash) the toast offers Undo. With `view` (the list's page, search and order),
 * a change of it clears the selection.
 */
export function useBulkDelete(
  ids: readonly string[],
  remove: (ids: string[]) => Promise<{ message: string }>,
  { toTrash = false, view }: { toTrash?: boolean; view?: string } = {},
) {
  // Another `view` (the list's page, search or order): a fresh selection.
  const selection = usePageSelection(ids, { resetOn: view });
  const { chosen, forget } = selection;
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const inFlight = useInFlight();

  const confirm = async () => {
    const target = confirming ?? [];
    setConfirming(null);
    const result = await inFlight.run(target, () => unlessFailed(remove(target)));
    if (!result) return;
    if (toTrash) toastDeleted(result.message, target);
    else toastSuccess(result.message);
    forget(target);
  };

  return {
    chosen,
    allSelected: selection.allSelected,
    isSelected: selection.isSelected,
    toggle: selection.toggle,
    toggleAll: selection.toggleAll,
    isDeleting: inFlight.has,
    /** Ask to delete these ids (one row's Delete) or, with none, the selection; rows in flight are left out. */
    ask: (target: string[] = chosen) => {
      const rest = target.filter((id) => !inFlight.has(id));
      if (rest.length) setConfirming(rest);
    },
    confirming,
    cancel: () => setConfirming(null),
    confirm: () => void confirm(),
  };
}

export function SelectCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={onChange}
      className="size-4 rounded border-slate-300"
    />
  );
}

export function DeleteSelectedButton({
  count,
  loading,
  onClick,
  write,
}: {
  count: number;
  loading: boolean;
  onClick: () => void;
  write: Feature;
}) {
  return (
    <Button
      variant="danger"
      size="sm"
      write={write}
      disabled={count === 0}
      loading={loading}
      onClick={onClick}
    >
      Delete selected ({count})
    </Button>
  );
}

/** A list's selection (ListTable's) for a bulk delete: select-all, the count and Delete selected (N). */
export function deleteSelection(
  bulk: ReturnType<typeof useBulkDelete>,
  { write, loading }: { write: Feature; loading: boolean },
): ListSelection {
  return {
    allSelected: bulk.allSelected,
    onToggleAll: bulk.toggleAll,
    count: bulk.chosen.length,
    actions: (
      <DeleteSelectedButton
        write={write}
        count={bulk.chosen.length}
        loading={loading}
        onClick={() => bulk.ask()}
      />
    ),
  };
}
