import { EDIT_VERSION_FIELD, isEditConflict } from '@streamdesk/contract/edit-versions';
import {
  isSafeShortcutUrl,
  shortcutImageRule,
  shortcutMessages,
  type ShortcutStory,
} from '@streamdesk/contract/shortcut-stories';
import { withScheme } from '@streamdesk/contract/http';
import { useMemo, useState } from 'react';
import { useStableCallback } from '@/ui/use-stable-callback';
import { toast } from 'sonner';
import { deleteSelection, useBulkDelete } from '@/ui/bulk-delete';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { ListTable, type ListTableProps } from '@/ui/list-table';
import { toastSuccess } from '@/ui/toast-success';
import { useCheckedFile } from '@/ui/use-checked-file';
import { useConfirmUpdate } from '@/ui/use-confirm-update';
import { UnsavedWorkGuard } from '@/ui/unsaved-work-guard';
import { changedFrom } from '@/ui/use-form-leave-guard';
import { useFocusBackToEdit } from '@/ui/inline-edit-keys';
import { DraftScope, type useAskBeforeDropping } from '@/ui/ask-before-dropping';
import { useDeleteShortcuts, useEditShortcut } from '../api';
import { isPositiveWhole, isTooLarge, shortcutImageProblem } from './image-check';
import { NotFoundPicture } from './not-found-picture';
import { ShortcutRow, type EditableField, type RowEditor, type ShortcutHandlers } from './shortcut-row';

const COLUMNS = [
  'No',
  'Logo',
  'Name',
  'Label',
  'Url',
  'Click',
  { label: 'Date', className: 'hidden md:table-cell' },
  { label: 'Action', className: 'text-right' },
];

type Draft = Record<EditableField, string> & { image: File | null };

const draftOf = (s: ShortcutStory): Draft => ({
  s_no: String(s.s_no),
  name: s.name,
  label: s.label,
  url: s.url,
  clickCount: String(s.clickCount),
  image: null,
});

/** The first problem of an inline edit, in the spec's words (doc 1 section 5), or undefined. */
export function draftProblem(d: Draft): string | undefined {
  if (!d.name.trim()) return shortcutMessages.nameRequired;
  if (!d.label.trim()) return shortcutMessages.labelRequired;
  if (!d.url.trim()) return shortcutMessages.urlEditRequired;
  if (!isSafeShortcutUrl(d.url)) return shortcutMessages.urlScheme;
  if (!d.s_no.trim()) return shortcutMessages.sNoRequired;
  if (!isPositiveWhole(d.s_no) || !isPositiveWhole(d.clickCount)) return shortcutMessages.positive;
  // Checked here, before the confirmation: the server would refuse it after the captcha was solved.
  if (isTooLarge(d.s_no)) return shortcutMessages.noTooLarge;
  if (isTooLarge(d.clickCount)) return shortcutMessages.clickTooLarge;
  return d.image ? shortcutImageProblem(d.image) : undefined;
}

/** The row being edited: its draft, the values it opened with, and the version the list gave it then. */
interface Editing {
  id: string;
  draft: Draft;
  loaded: Draft;
  version: string | undefined;
}

/**
 * The edit as the spec's form. Click goes only when the admin changed it: the app's clicks keep counting
 * while the row is open, and sending back the count the row loaded would undo them. The other fields go
 * as the row shows them, with the version it opened with: the server refuses the save (409) when another
 * admin changed the shortcut since, rather than put back what they changed
 * (docs/decisions/0009-edit-conflicts.md).
 */
function toForm({ id, loaded, version }: Editing, d: Draft): FormData {
  const form = new FormData();
  form.append('_id', id);
  form.append('name', d.name.trim());
  form.append('url', withScheme(d.url.trim()));
  form.append('s_no', d.s_no.trim());
  form.append('label', d.label.trim());
  const clickCount = d.clickCount.trim();
  if (clickCount && clickCount !== loaded.clickCount) form.append('clickCount', clickCount);
  if (d.image) form.append('image', d.image);
  if (version) form.append(EDIT_VERSION_FIELD, version);
  return form;
}

/**
 * The list: select-all, bulk delete, inline edit of one row at a time; Delete and the inline Save both
 * go through the captcha.
 */
export function ShortcutTable({
  rows,
  drawn,
  list,
  drops,
}: {
  rows: ShortcutStory[];
  /** How many of the rows to draw (the page's useRowsInSteps); selection and counts are all `rows`'. */
  drawn: number;
  /** The list's states and footer (ListTable's). */
  list: Omit<ListTableProps, 'caption' | 'columns' | 'selection' | 'isEmpty' | 'emptyText' | 'children'>;
  /**
   * The page's question before a move drops the row in edit's change (the page's, which moves to the
   * last page after an add too): Edit on another row, another page.
   */
  drops: Pick<ReturnType<typeof useAskBeforeDropping>, 'ask' | 'hold'>;
}) {
  const edit = useEditShortcut();
  const remove = useDeleteShortcuts();
  const bulk = useBulkDelete(
    rows.map((r) => r._id),
    remove.mutateAsync,
    { toTrash: true },
  );
  const [editing, setEditing] = useState<Editing | null>(null);
  // The edited row may go (deleted in bulk, or by another admin before a reload): stop editing it, or
  // every other row's Edit would stay disabled. Adjusted while rendering, as React advises for state
  // that follows props.
  if (editing && !rows.some((r) => r._id === editing.id)) setEditing(null);
  useFocusBackToEdit(editing?.id ?? null);
  const confirmUpdate = useConfirmUpdate();
  // The row's new logo, checked when picked like every other picker (doc 1 section 4): a refused file is
  // toasted, cleared and marked with the cross. One row is edited at a time, so one picker serves all.
  const logo = useCheckedFile(shortcutImageProblem, 'idle', shortcutImageRule);
  // Edit on another row or another page ends the row in edit, asking first while it holds a change.
  const startEditing = (s: ShortcutStory) =>
    drops.ask(() => {
      logo.clear();
      setEditing({ id: s._id, draft: draftOf(s), loaded: draftOf(s), version: s.version });
    });

  const setDraft = (patch: Partial<Draft>) =>
    setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));
  const bind: RowEditor['bind'] = (field, label) => ({
    'aria-label': label,
    value: editing?.draft[field] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft({ [field]: e.target.value }),
  });

  /**
   * Refused because another admin changed the shortcut since, the row leaves edit mode while the list
   * reloads (useEditShortcut): the admin sees the other change before editing again.
   */
  const send = (opened: Editing, draft: Draft) =>
    edit.mutate(toForm(opened, draft), {
      onSuccess: (result) => {
        toastSuccess(result.message);
        setEditing(null);
      },
      onError: (error) => {
        if (isEditConflict(error.message)) setEditing(null);
      },
    });

  /** Checks the draft, then asks the arithmetic confirmation; only the right answer sends it. */
  const save = () => {
    if (!editing) return;
    const draft = { ...editing.draft, image: logo.file };
    const problem = draftProblem(draft);
    if (problem) {
      toast.error(problem);
      return;
    }
    const opened = editing;
    confirmUpdate.ask('Shortcut Story', () => send(opened, draft));
  };

  // The rows' actions, the same object at every render (the rows are memoised), calling this render's code.
  const onToggle = useStableCallback((id: string) => bulk.toggle(id));
  const onEdit = useStableCallback(startEditing);
  const onRemove = useStableCallback((id: string) => bulk.ask([id]));
  const on = useMemo<ShortcutHandlers>(
    () => ({ toggle: onToggle, edit: onEdit, remove: onRemove }),
    [onToggle, onEdit, onRemove],
  );

  return (
    <div className="space-y-3">
      <h2 className="text-base font-semibold text-slate-900">Shortcut Story List</h2>
      <ListTable
        {...list}
        // The page is keyed (ShortcutTable per page): the move closes the row in edit.
        askFirst={drops.ask}
        caption="Shortcut stories"
        columns={COLUMNS}
        isEmpty={rows.length === 0}
        emptyText={<NotFoundPicture label="No shortcut stories found" />}
        selection={deleteSelection(bulk, { write: 'shortcut-stories', loading: remove.isPending })}
      >
        {rows.slice(0, drawn).map((s) => (
          <ShortcutRow
            key={s._id}
            s={s}
            selected={bulk.isSelected(s._id)}
            deleting={bulk.isDeleting(s._id)}
            editor={
              editing?.id === s._id
                ? { bind, logo, save, cancel: () => setEditing(null), saving: edit.isPending }
                : undefined
            }
            on={on}
          />
        ))}
      </ListTable>
      <ConfirmMathDialog
        open={bulk.confirming !== null}
        onOpenChange={(open) => !open && bulk.cancel()}
        thing={
          bulk.confirming && bulk.confirming.length > 1
            ? `${bulk.confirming.length} Shortcut Stories`
            : 'Shortcut Story'
        }
        confirmLabel="Delete"
        onConfirm={bulk.confirm}
      />
      {confirmUpdate.dialog}
      {/* Mounted only while the row holds work: the add form above has its own guard (0056). */}
      <DraftScope hold={drops.hold}>
        <UnsavedWorkGuard
          unsaved={editing !== null && (logo.file !== null || changedFrom(editing.draft, editing.loaded))}
          what="the shortcut story being edited"
        />
      </DraftScope>
    </div>
  );
}
