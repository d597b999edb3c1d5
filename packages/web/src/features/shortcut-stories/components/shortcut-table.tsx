import { formatClickCount, formatDateTime } from '@streamdesk/contract/format';
import {
  isSafeShortcutUrl,
  shortcutMessages,
  type ShortcutStory,
} from '@streamdesk/contract/shortcut-stories';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/ui/button';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { Table, TBody, Td, Th, THead, toggleAll, toggleSelection, Tr } from '@/ui/data-table';
import { inputClass } from '@/ui/field';
import { useDeleteShortcuts, useEditShortcut } from '../api';
import { ExternalLinkIcon } from './external-link-icon';
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

const cellInput = `${inputClass} h-8 py-1`;

/** The list: select-all, bulk delete, inline edit of one row at a time, Delete through the captcha. */
export function ShortcutTable({ rows }: { rows: ShortcutStory[] }) {
  const edit = useEditShortcut();
  const remove = useDeleteShortcuts();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const [confirming, setConfirming] = useState<string[] | null>(null);

  const ids = rows.map((r) => r._id);
  const chosen = ids.filter((id) => selected.has(id));
  const allChosen = ids.length > 0 && chosen.length === ids.length;
  const setDraft = (patch: Partial<Draft>) =>
    setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));

  const save = async () => {
    if (!editing) return;
    const { draft } = editing;
    const problem = draftProblem(draft);
    if (problem) {
      toast.error(problem);
      return;
    }
    const form = new FormData();
    form.append('_id', editing.id);
    form.append('name', draft.name.trim());
    form.append('url', draft.url.trim());
    form.append('s_no', draft.s_no.trim());
    form.append('label', draft.label.trim());
    if (draft.clickCount.trim()) form.append('clickCount', draft.clickCount.trim());
    if (draft.image) form.append('image', draft.image);
    const result = await edit.mutateAsync(form);
    if (result.status) {
      toast.success(result.message, { duration: 2000 });
      setEditing(null);
    } else toast.error(result.message || 'Failed to update');
  };

  const confirmDelete = async () => {
    const target = confirming ?? [];
    setConfirming(null);
    const result = await remove.mutateAsync(target);
    if (result.status) {
      toast.success(result.message, { duration: 2000 });
      setSelected((s) => new Set([...s].filter((id) => !target.includes(id))));
    } else toast.error(result.message || 'Something went wrong!');
  };

  if (rows.length === 0) return <NotFoundPicture label="No shortcut stories found" />;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Shortcut Story List</h2>
        <Button
          variant="danger"
          size="sm"
          disabled={chosen.length === 0}
          loading={remove.isPending}
          onClick={() => setConfirming(chosen)}
        >
          Delete selected ({chosen.length})
        </Button>
      </div>
      <Table caption="Shortcut stories">
        <THead>
          <Th className="w-10">
            <input
              type="checkbox"
              aria-label="Select all shortcut stories"
              checked={allChosen}
              onChange={() => setSelected((s) => toggleAll(s, ids))}
              className="size-4 rounded border-slate-300"
            />
          </Th>
          <Th>No</Th>
          <Th>Logo</Th>
          <Th>Name</Th>
          <Th>Label</Th>
          <Th>Url</Th>
          <Th>Click</Th>
          <Th className="hidden md:table-cell">Date</Th>
          <Th className="sticky right-0 shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.2)] sm:static sm:shadow-none bg-slate-50 text-right">
            Action
          </Th>
        </THead>
        <TBody>
          {rows.map((s) => {
            const draft = editing?.id === s._id ? editing.draft : null;
            return (
              <Tr key={s._id}>
                <Td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${s.name}`}
                    checked={selected.has(s._id)}
                    onChange={() => setSelected((sel) => toggleSelection(sel, s._id))}
                    className="size-4 rounded border-slate-300"
                  />
                </Td>
                <Td>
                  {draft ? (
                    <input
                      aria-label="No"
                      inputMode="numeric"
                      value={draft.s_no}
                      onChange={(e) => setDraft({ s_no: e.target.value })}
                      className={`${cellInput} w-16`}
                    />
                  ) : (
                    s.s_no
                  )}
                </Td>
                <Td>
                  <div className="flex items-center gap-2">
                    <img
                      src={s.logo}
                      alt={`${s.name} logo`}
                      className="size-10 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200"
                    />
                    {draft && (
                      <input
                        type="file"
                        aria-label="New logo"
                        accept="image/png,image/gif"
                        onChange={(e) => setDraft({ image: e.target.files?.[0] ?? null })}
                        className="w-44 text-xs file:mr-2 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1"
                      />
                    )}
                  </div>
                </Td>
                <Td className="max-w-48 truncate">
                  {draft ? (
                    <input
                      aria-label="Name"
                      value={draft.name}
                      onChange={(e) => setDraft({ name: e.target.value })}
                      className={`${cellInput} w-40`}
                    />
                  ) : (
                    s.name
                  )}
                </Td>
                <Td>
                  {draft ? (
                    <input
                      aria-label="Label"
                      value={draft.label}
                      onChange={(e) => setDraft({ label: e.target.value })}
                      className={`${cellInput} w-24`}
                    />
                  ) : (
                    <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-semibold text-amber-700 ring-1 ring-amber-600/20">
                      {s.label}
                    </span>
                  )}
                </Td>
                <Td>
                  {draft ? (
                    <input
                      aria-label="Url"
                      type="url"
                      value={draft.url}
                      onChange={(e) => setDraft({ url: e.target.value })}
                      className={`${cellInput} w-52`}
                    />
                  ) : (
                    <a
                      href={s.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Open ${s.name} link in a new tab`}
                      title={s.url}
                      className="inline-flex size-8 items-center justify-center rounded-md text-brand-600 ring-1 ring-slate-200 hover:bg-brand-50"
                    >
                      <ExternalLinkIcon />
                    </a>
                  )}
                </Td>
                <Td className="tabular-nums">
                  {draft ? (
                    <input
                      aria-label="Click"
                      inputMode="numeric"
                      value={draft.clickCount}
                      onChange={(e) => setDraft({ clickCount: e.target.value })}
                      className={`${cellInput} w-20`}
                    />
                  ) : (
                    formatClickCount(s.clickCount)
                  )}
                </Td>
                <Td className="hidden tabular-nums md:table-cell">{formatDateTime(s.createdAt)}</Td>
                <Td className="sticky right-0 shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.2)] sm:static sm:shadow-none bg-white">
                  <div className="flex justify-end gap-1.5">
                    {draft ? (
                      <>
                        <Button size="sm" onClick={() => void save()} loading={edit.isPending}>
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
                          onClick={() => setEditing({ id: s._id, draft: draftOf(s) })}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          aria-label={`Delete ${s.name}`}
                          onClick={() => setConfirming([s._id])}
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
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        thing={
          confirming && confirming.length > 1 ? `${confirming.length} Shortcut Stories` : 'Shortcut Story'
        }
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
