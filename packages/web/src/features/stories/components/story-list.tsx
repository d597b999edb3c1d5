import { formatDateTime, formatViewCount } from '@streamdesk/contract/format';
import { limitReached, type Story } from '@streamdesk/contract/stories';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import {
  stickyEndCell,
  stickyEndHead,
  Table,
  TBody,
  Td,
  Th,
  THead,
  TableMessageRow,
  toggleAll,
  toggleSelection,
  Tr,
} from '@/ui/data-table';
import { EmptyState } from '@/ui/empty-state';
import { MoreIcon } from '@/ui/icons';
import { Spinner } from '@/ui/spinner';
import { toastSuccess } from '@/ui/toast-success';
import { useInFlight } from '@/ui/use-in-flight';
import { useKeepFocusInList } from '@/ui/use-keep-focus-in-list';
import { useDeleteStories, useStoryList, useStoryStatus, type StoryKind } from '../api';

type Pending =
  { kind: 'delete'; ids: string[]; thing: string } | { kind: 'status'; story: Story; no: number };

/** The Story Video List or the Story Ads List: table on desktop, cards under 768 px. */
export function StoryList({ kind }: { kind: StoryKind }) {
  const { data, isPending } = useStoryList(kind);
  const stories = data?.data ?? [];
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const remove = useDeleteStories(kind);
  const removing = useInFlight();
  const status = useStoryStatus(kind);
  const navigate = useNavigate();
  // The cards, as the table's rows do, keep focus when the one holding it is deleted.
  const cards = useKeepFocusInList<HTMLUListElement>();

  const ids = stories.map((s) => s._id);
  // Stories whose delete is in flight are left out of a new one (it would only come back 'not found').
  const chosen = ids.filter((id) => selected.has(id) && !removing.has(id));
  const allSelected = ids.length > 0 && chosen.length === ids.length;
  const title = kind === 'video' ? 'Story Video List' : 'Story Ads List';

  const confirm = () => {
    if (!pending) return;
    setPending(null);
    if (pending.kind === 'delete') {
      const { ids: target } = pending;
      void removing
        .run(target, () => remove.mutateAsync(target))
        .then((result) => {
          if (!result.status) return void toast.error(result.message || 'Something went wrong!');
          toastSuccess(result.message);
          setSelected((s) => new Set([...s].filter((id) => !target.includes(id))));
        })
        .catch(() => undefined); // a thrown call is the mutation cache's business (it opens /Error)
      return;
    }
    status.mutate(
      { _id: pending.story._id, status: !pending.story.status },
      {
        onSuccess: (result) =>
          result.status ? toastSuccess(result.message) : toast.error(result.message || 'Failed to update'),
      },
    );
  };

  const row = (story: Story, index: number): RowActions => ({
    story,
    no: index + 1,
    selected: selected.has(story._id),
    onSelect: () => setSelected((s) => toggleSelection(s, story._id)),
    onStatus: () => setPending({ kind: 'status', story, no: index + 1 }),
    onEdit: () =>
      void navigate(
        kind === 'video' ? paths.editStoryVideo.getHref(story._id) : paths.editStoryAd.getHref(story._id),
      ),
    deleting: removing.has(story._id),
    onDelete: () => setPending({ kind: 'delete', ids: [story._id], thing: 'Story' }),
  });

  return (
    <section aria-labelledby={`${kind}-list-title`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${kind}-list-title`} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {chosen.length > 0 && (
          <Button
            variant="danger"
            size="sm"
            loading={removing.any}
            onClick={() =>
              setPending({
                kind: 'delete',
                ids: chosen,
                thing: chosen.length === 1 ? 'Story' : `${chosen.length} stories`,
              })
            }
          >
            Delete selected ({chosen.length})
          </Button>
        )}
      </div>

      {!isPending && stories.length === 0 ? (
        <EmptyState title="No stories found">
          {kind === 'video' ? 'Add a story video or image above.' : 'Add a story ad above.'}
        </EmptyState>
      ) : (
        <>
          <label className="flex items-center gap-2 text-sm text-slate-700 md:hidden">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={allSelected}
              onChange={() => setSelected((s) => toggleAll(s, ids))}
            />
            Select all
          </label>
          <Table caption={title} className="hidden md:block">
            <THead>
              <Th className="w-10">
                <input
                  type="checkbox"
                  aria-label="Select all stories"
                  className="size-4 accent-brand-600"
                  checked={allSelected}
                  onChange={() => setSelected((s) => toggleAll(s, ids))}
                />
              </Th>
              <Th>No</Th>
              <Th>Status</Th>
              <Th>View</Th>
              <Th>Click</Th>
              <Th>Thumbnail</Th>
              <Th>Date &amp; Time</Th>
              <Th className={`${stickyEndHead} text-right`}>Actions</Th>
            </THead>
            <TBody>
              {isPending ? (
                <TableMessageRow colSpan={8}>
                  <Spinner className="mx-auto size-5" />
                </TableMessageRow>
              ) : (
                stories.map((s, i) => <StoryRow key={s._id} {...row(s, i)} />)
              )}
            </TBody>
          </Table>
          <ul ref={cards} aria-label={title} className="space-y-3 md:hidden">
            {stories.map((s, i) => (
              <StoryCard key={s._id} {...row(s, i)} />
            ))}
          </ul>
        </>
      )}

      <ConfirmMathDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === 'status' ? 'Change status' : 'Delete story'}
        action={pending?.kind === 'status' ? 'change the status of' : 'delete'}
        thing={pending?.kind === 'status' ? `story ${pending.no}` : (pending?.thing ?? '')}
        confirmLabel={pending?.kind === 'status' ? 'Confirm' : 'Delete'}
        // Red is for what cannot be undone; a status change can be switched back.
        tone={pending?.kind === 'status' ? 'primary' : 'danger'}
        onConfirm={confirm}
      />
    </section>
  );
}

interface RowActions {
  story: Story;
  no: number;
  selected: boolean;
  onSelect: () => void;
  onStatus: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Its delete is in flight: Delete is held until the reply. */
  deleting: boolean;
}

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/**
 * Active or De Active, as the spec says. An active story whose view or click limit is reached is left out
 * of the app (stories-app-list-and-rules.md) while its status stays on, so the badge says why it is gone.
 */
function StatusBadge({ story }: { story: Story }) {
  const active = story.status;
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={cn(badge, active ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-200 text-slate-600')}>
        {active ? 'Active' : 'De Active'}
      </span>
      {active && limitReached(story) && (
        <span
          className={cn(badge, 'bg-amber-100 text-amber-800')}
          title="Not shown in the app until the limit is raised"
        >
          Limit reached
        </span>
      )}
    </span>
  );
}

function Thumbnail({ story, no }: { story: Story; no: number }) {
  if (story.NTV)
    return (
      <span className="inline-flex h-12 w-9 items-center justify-center rounded bg-amber-100 text-[10px] font-semibold text-amber-800">
        Native
      </span>
    );
  return (
    <img
      src={story.thembnal || story.image}
      alt={`Thumbnail of story ${no}`}
      loading="lazy"
      className="h-12 w-9 rounded object-cover ring-1 ring-slate-200"
    />
  );
}

function RowMenu({ story, no, onStatus, onEdit, onDelete, deleting }: RowActions) {
  const media = story.video || story.image;
  const item =
    'flex cursor-pointer items-center justify-between gap-3 rounded px-2 py-1.5 text-sm text-slate-700 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Actions for story ${no}`}>
          <MoreIcon className="size-4" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-30 min-w-40 rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          <DropdownMenu.CheckboxItem className={item} checked={story.status} onSelect={onStatus}>
            Active
            <span
              aria-hidden
              className={cn(
                'relative inline-flex h-4 w-7 rounded-full transition-colors',
                story.status ? 'bg-brand-600' : 'bg-slate-300',
              )}
            >
              <span
                className={cn(
                  'absolute top-0.5 size-3 rounded-full bg-white transition-all',
                  story.status ? 'left-3.5' : 'left-0.5',
                )}
              />
            </span>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Item
            className={item}
            disabled={!media}
            onSelect={() => window.open(media, '_blank', 'noopener')}
          >
            Play
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={onEdit}>
            Edit
          </DropdownMenu.Item>
          <DropdownMenu.Item className={cn(item, 'text-red-600')} onSelect={onDelete} disabled={deleting}>
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function SelectBox({ no, selected, onSelect }: Pick<RowActions, 'no' | 'selected' | 'onSelect'>) {
  return (
    <input
      type="checkbox"
      aria-label={`Select story ${no}`}
      className="size-4 accent-brand-600"
      checked={selected}
      onChange={onSelect}
    />
  );
}

function StoryRow(props: RowActions) {
  const { story, no } = props;
  return (
    <Tr aria-selected={props.selected}>
      <Td>
        <SelectBox {...props} />
      </Td>
      <Td>{no}</Td>
      <Td>
        <StatusBadge story={story} />
      </Td>
      <Td>{formatViewCount(story.view)}</Td>
      <Td>{formatViewCount(story.clickBtnCount)}</Td>
      <Td>
        <Thumbnail story={story} no={no} />
      </Td>
      <Td>{formatDateTime(story.date_time)}</Td>
      <Td className={`${stickyEndCell} text-right`}>
        <RowMenu {...props} />
      </Td>
    </Tr>
  );
}

function StoryCard(props: RowActions) {
  const { story, no } = props;
  return (
    <li
      aria-label={`Story ${no}`}
      className="flex gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-col items-center gap-2">
        <SelectBox {...props} />
        <Thumbnail story={story} no={no} />
      </div>
      <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">No</dt>
        <dd className="font-medium text-slate-900">{no}</dd>
        <dt className="text-slate-500">Status</dt>
        <dd>
          <StatusBadge story={story} />
        </dd>
        <dt className="text-slate-500">View</dt>
        <dd>{formatViewCount(story.view)}</dd>
        <dt className="text-slate-500">Click</dt>
        <dd>{formatViewCount(story.clickBtnCount)}</dd>
        <dt className="text-slate-500">Date &amp; Time</dt>
        <dd className="break-words">{formatDateTime(story.date_time)}</dd>
      </dl>
      <div>
        <RowMenu {...props} />
      </div>
    </li>
  );
}
