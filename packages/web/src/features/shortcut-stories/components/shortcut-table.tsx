import { formatClickCount, formatDateTime } from '@streamdesk/contract/format';
import {
  isSafeShortcutUrl,
  shortcutImageRule,
  shortcutMessages,
  type ShortcutStory,
} from '@streamdesk/contract/shortcut-stories';
import { useState, type ComponentProps } from 'react';
import { toast } from 'sonner';
import { DeleteSelectedButton, SelectCheckbox, useBulkDelete } from '@/ui/bulk-delete';
import { Button } from '@/ui/button';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { stickyEndCell, stickyEndHead, Table, TBody, Td, Th, THead, Tr } from '@/ui/data-table';
import { inputClass } from '@/ui/field';
import { ExternalLinkIcon } from '@/ui/icons';
import { toastSuccess } from '@/ui/toast-success';
import { UploadIndicator } from '@/ui/upload-indicator';
import { useCheckedFile } from '@/ui/use-checked-file';
import { useConfirmUpdate } from '@/ui/use-confirm-update';
import { useDeleteShortcuts, useEditShortcut } from '../api';
import { isPositiveWhole, shortcutImageProblem } from './image-check';
import { NotFoundPicture } from './not-found-picture';

interface Draft {
  s_no: string;
  name: string;
  label: string;
  url: string;
  clickCount: string;
  image: File | null;
}

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
  return d.image ? shortcutImageProblem(d.image) : undefined;
}

/**
 * The edit as the spec's form. Click goes only when the admin changed it: the app's clicks keep counting
 * while the row is open, and sending back the count the row loaded would undo them.
 */
function toForm(id: string, d: Draft, loaded: Draft): FormData {
  const form = new FormData();
  form.append('_id', id);
  form.append('name', d.name.trim());
  form.append('url', d.url.trim());
  form.append('s_no', d.s_no.trim());
  form.append('label', d.label.trim());
  const clickCount = d.clickCount.trim();
  if (clickCount && clickCount !== loaded.clickCount) form.append('clickCount', clickCount);
  if (d.image) form.append('image', d.image);
  return form;
}

/**
 * A text input of the row being edited; the column header is its visible label. It fills its cell
 * (inputClass's w-full) and keeps at least the `min-w-*` width it is given.
 */
function CellInput({ className, ...props }: ComponentProps<'input'> & { 'aria-label': string }) {
  return <input {...props} className={`${inputClass} h-8 py-1 ${className ?? ''}`} />;
}

/** The date above the time, so that a row being edited still fits a laptop screen; the text is unchanged. */
function DayOverTime({ value }: { value: string }) {
  const cut = value.indexOf(' ');
  if (cut < 0) return value;
  return (
    <span className="block max-w-[13ch] whitespace-normal">
      {value.slice(0, cut)} <span className="whitespace-nowrap">{value.slice(cut + 1)}</span>
    </span>
  );
}

/**
 * The list: select-all, bulk delete, inline edit of one row at a time; Delete and the inline Save both
 * go through the captcha.
 */
export function ShortcutTable({ rows }: { rows: ShortcutStory[] }) {
  const edit = useEditShortcut();
  const remove = useDeleteShortcuts();
  const bulk = useBulkDelete(
    rows.map((r) => r._id),
    remove.mutateAsync,
  );
  const [editing, setEditing] = useState<{ id: string; draft: Draft; loaded: Draft } | null>(null);
  // The edited row may go (deleted in bulk, or by another admin before a reload): stop editing it, or
  // every other row's Edit would stay disabled. Adjusted while rendering, as React advises for state
  // that follows props.
  if (editing && !rows.some((r) => r._id === editing.id)) setEditing(null);
  const confirmUpdate = useConfirmUpdate();
  // The row's new logo, checked when picked like every other picker (doc 1 section 4): a refused file is
  // toasted, cleared and marked with the cross. One row is edited at a time, so one picker serves all.
  const logo = useCheckedFile(shortcutImageProblem, 'idle', shortcutImageRule);
  const startEditing = (s: ShortcutStory) => {
    logo.clear('idle');
    setEditing({ id: s._id, draft: draftOf(s), loaded: draftOf(s) });
  };

  const setDraft = (patch: Partial<Draft>) =>
    setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));
  /** Props of a text input bound to one field of the draft. */
  const bind = (field: Exclude<keyof Draft, 'image'>, label: string) => ({
    'aria-label': label,
    value: editing?.draft[field] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft({ [field]: e.target.value }),
  });

  const send = async (id: string, draft: Draft, loaded: Draft) => {
    const result = await edit.mutateAsync(toForm(id, draft, loaded));
    if (result.status) {
      toastSuccess(result.message);
      setEditing(null);
    } else toast.error(result.message || 'Failed to update');
  };

  /** Checks the draft, then asks the arithmetic confirmation; only the right answer sends it. */
  const save = () => {
    if (!editing) return;
    const draft = { ...editing.draft, image: logo.file };
    const problem = draftProblem(draft);
    if (problem) {
      toast.error(problem);
      return;
    }
    const { id, loaded } = editing;
    confirmUpdate.ask('Shortcut Story', () => void send(id, draft, loaded));
  };

  if (rows.length === 0) return <NotFoundPicture label="No shortcut stories found" />;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Shortcut Story List</h2>
        <DeleteSelectedButton
          count={bulk.chosen.length}
          loading={remove.isPending}
          onClick={() => bulk.ask()}
        />
      </div>
      <Table caption="Shortcut stories">
        <THead>
          <Th className="w-10">
            <SelectCheckbox
              label="Select all shortcut stories"
              checked={bulk.allSelected}
              onChange={bulk.toggleAll}
            />
          </Th>
          <Th>No</Th>
          <Th>Logo</Th>
          <Th>Name</Th>
          <Th>Label</Th>
          <Th>Url</Th>
          <Th>Click</Th>
          <Th className="hidden md:table-cell">Date</Th>
          <Th className={`${stickyEndHead} text-right`}>Action</Th>
        </THead>
        <TBody>
          {rows.map((s) => {
            const isEditing = editing?.id === s._id;
            return (
              <Tr key={s._id}>
                <Td>
                  <SelectCheckbox
                    label={`Select ${s.name}`}
                    checked={bulk.isSelected(s._id)}
                    onChange={() => bulk.toggle(s._id)}
                  />
                </Td>
                <Td>
                  {isEditing ? (
                    <CellInput {...bind('s_no', 'No')} inputMode="numeric" className="min-w-16" />
                  ) : (
                    s.s_no
                  )}
                </Td>
                <Td>
                  <img
                    src={s.logo}
                    alt={`${s.name} logo`}
                    className="size-10 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200"
                  />
                  {isEditing && (
                    // Under the logo, and as wide as the cell says: beside it, the picker's "No file
                    // chosen" ran over the Name input and widened the row past the screen.
                    <div className="mt-1.5 flex w-36 items-center gap-1.5">
                      <input
                        type="file"
                        aria-label="New logo"
                        accept="image/png,image/gif"
                        ref={logo.inputRef}
                        onChange={logo.pick}
                        className="min-w-0 flex-1 text-xs file:mr-2 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1"
                      />
                      <UploadIndicator state={logo.state} />
                    </div>
                  )}
                </Td>
                <Td className="max-w-48 truncate" title={isEditing ? undefined : s.name}>
                  {isEditing ? <CellInput {...bind('name', 'Name')} className="min-w-40" /> : s.name}
                </Td>
                <Td>
                  {isEditing ? (
                    <CellInput {...bind('label', 'Label')} className="min-w-20" />
                  ) : (
                    <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-semibold text-amber-700 ring-1 ring-amber-600/20">
                      {s.label}
                    </span>
                  )}
                </Td>
                <Td>
                  {isEditing ? (
                    <CellInput {...bind('url', 'Url')} type="url" className="min-w-52" />
                  ) : (
                    <a
                      href={isSafeShortcutUrl(s.url) ? s.url : undefined}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Open ${s.name} link in a new tab`}
                      title={s.url}
                      className="inline-flex size-8 items-center justify-center rounded-md text-brand-600 ring-1 ring-slate-200 hover:bg-brand-50"
                    >
                      <ExternalLinkIcon className="size-4" />
                    </a>
                  )}
                </Td>
                <Td className="tabular-nums">
                  {isEditing ? (
                    <CellInput {...bind('clickCount', 'Click')} inputMode="numeric" className="min-w-16" />
                  ) : (
                    formatClickCount(s.clickCount)
                  )}
                </Td>
                <Td className="hidden tabular-nums md:table-cell">
                  <DayOverTime value={formatDateTime(s.createdAt)} />
                </Td>
                <Td className={stickyEndCell}>
                  <div className="flex justify-end gap-1.5">
                    {isEditing ? (
                      <>
                        <Button size="sm" onClick={save} loading={edit.isPending}>
                          Save
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setEditing(null)}>
                          Cancel
                        </Button>
                      </>
                    ) : (
                      <>
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Edit ${s.name}`}
                          disabled={editing !== null}
                          onClick={() => startEditing(s)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          aria-label={`Delete ${s.name}`}
                          loading={bulk.isDeleting(s._id)}
                          onClick={() => bulk.ask([s._id])}
                        >
                          Delete
                        </Button>
                      </>
                    )}
                  </div>
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
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
    </div>
  );
}
