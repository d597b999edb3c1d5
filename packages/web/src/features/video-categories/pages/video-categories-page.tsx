import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { categoryMessages, type VideoCategory } from '@streamdesk/contract/video-categories';
import { videoTabs } from '@/config/section-tabs';
import { unlessFailed } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { EmptyState } from '@/ui/empty-state';
import { TextField } from '@/ui/field';
import { ListTable } from '@/ui/list-table';
import { PageHeader } from '@/ui/page-header';
import { Tabs } from '@/ui/tabs';
import { toastDeleted } from '@/ui/toast-deleted';
import { Toggle } from '@/ui/toggle';
import { useConfirmStatus } from '@/ui/use-confirm-update';
import { useInFlight } from '@/ui/use-in-flight';
import { useCategories, useDeleteCategory, useToggleCategory } from '../api';
import { CategoryForm } from '../components/category-form';
import { RemoteImage } from '@/ui/remote-image';
import { DraftScope, useAskBeforeDropping } from '@/ui/ask-before-dropping';

/** Case-insensitive name search over the loaded list. */
export function filterCategories(list: readonly VideoCategory[], search: string): VideoCategory[] {
  const needle = search.trim().toLowerCase();
  return needle ? list.filter((c) => c.name.toLowerCase().includes(needle)) : [...list];
}

const CATEGORY_COLUMNS = [
  'Image',
  'Name',
  'Videos',
  'Status',
  { label: 'Actions', className: 'text-right' },
] as const;

export default function VideoCategoriesPage() {
  const categories = useCategories();
  const toggle = useToggleCategory();
  const remove = useDeleteCategory();
  const flipping = useInFlight();
  const removing = useInFlight();
  const [editing, setEditing] = useState<VideoCategory | null>(null);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<VideoCategory | null>(null);

  const all = useMemo(() => categories.data?.data ?? [], [categories.data]);
  const shown = useMemo(() => filterCategories(all, search), [all, search]);

  // Edit puts the category in the form above: a name typed there, or another rename's change, would go,
  // so it asks first while the form holds work. The category already in the form is only scrolled to.
  const drops = useAskBeforeDropping();
  const edit = (category: VideoCategory) => {
    const scroll = () => window.scrollTo({ top: 0, behavior: 'smooth' });
    if (editing?._id === category._id) return scroll();
    drops.ask(() => {
      setEditing(category);
      scroll();
    });
  };

  /** After an edit conflict: the category as stored now, edited afresh (gone: back to add mode). */
  const reloadEditing = async () => {
    const fresh = await categories.refetch();
    if (fresh.isError) return void toast.error(categoryMessages.somethingWrong);
    const category = fresh.data?.data.find((c) => c._id === editing?._id);
    if (!category) toast.error(categoryMessages.notFound);
    setEditing(category ?? null);
  };

  // A status switch asks first, as every list row's does (docs/decisions/0055-one-confirmation-rule.md).
  const confirmStatus = useConfirmStatus({ wrongAnswerMessage: categoryMessages.wrongAnswer });
  const flip = (category: VideoCategory) =>
    confirmStatus.ask(
      `the category "${category.name}"`,
      () => void flipping.run(category._id, () => unlessFailed(toggle.mutateAsync(category._id))),
    );

  const confirmDelete = async () => {
    const category = deleting;
    setDeleting(null);
    if (!category) return;
    const removed = await removing.run(category._id, () => unlessFailed(remove.mutateAsync(category._id)));
    if (!removed) return;
    // It went to the trash with its videos: the toast offers Undo (docs/decisions/0037-trash.md).
    toastDeleted(categoryMessages.deleted, [category._id]);
    if (editing?._id === category._id) setEditing(null);
  };

  return (
    <div className="space-y-4">
      <Tabs tabs={videoTabs} label="Video section" />
      <PageHeader
        title="Video Categories"
        actions={
          <p className="rounded-md bg-white px-3 py-1.5 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
            Total: <span className="font-semibold tabular-nums">{all.length}</span>
          </p>
        }
      />
      <DraftScope hold={drops.hold}>
        <CategoryForm editing={editing} onDone={() => setEditing(null)} onReload={reloadEditing} />
      </DraftScope>
      <div className="max-w-sm">
        <TextField
          label="Search categories"
          type="search"
          placeholder="Search by name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <ListTable
        caption="Video categories"
        columns={CATEGORY_COLUMNS}
        reply={categories.data}
        // A refusal and no reply alike: the spec's words, in the list only (doc 2 section 8).
        failure={categories.isError ? categoryMessages.somethingWrong : undefined}
        onRetry={categories.refetch}
        isPending={categories.isPending}
        isEmpty={shown.length === 0}
        loadingText="Loading categories…"
        emptyText={
          <EmptyState title={all.length === 0 ? categoryMessages.noneYet : categoryMessages.noneMatching} />
        }
      >
        {shown.map((category) => (
          <Tr key={category._id}>
            <Td>
              <RemoteImage
                src={category.main_image}
                alt={category.name}
                loading="lazy"
                className="size-12 rounded-md object-cover ring-1 ring-slate-200"
              />
            </Td>
            <Td className="max-w-64 truncate font-medium text-slate-900" title={category.name}>
              {category.name}
            </Td>
            <Td className="tabular-nums">{category.total_products}</Td>
            <Td>
              <Toggle
                write="video-categories"
                checked={category.status}
                onCheckedChange={() => flip(category)}
                label={`Status of ${category.name}`}
                // The server flips whatever it holds: a second click before the list reloads would
                // flip it back, so the switch waits for the reply and the reload.
                disabled={flipping.has(category._id)}
              />
            </Td>
            <Td className={`${stickyEndCell} text-right`}>
              <div className="inline-flex gap-2">
                <Button
                  write="video-categories"
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${category.name}`}
                  onClick={() => edit(category)}
                >
                  Edit
                </Button>
                <ActivityHistoryLink feature="video-categories" item={category._id} name={category.name} />
                <Button
                  write="video-categories"
                  variant="danger"
                  size="sm"
                  aria-label={`Delete ${category.name}`}
                  loading={removing.has(category._id)}
                  onClick={() => setDeleting(category)}
                >
                  Delete
                </Button>
              </div>
            </Td>
          </Tr>
        ))}
      </ListTable>
      <ConfirmMathDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete category"
        thing={`the category "${deleting?.name ?? ''}"`}
        warning={categoryMessages.deleteWarning}
        wrongAnswerMessage={categoryMessages.wrongAnswer}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
      />
      {confirmStatus.dialog}
      {drops.dialog}
    </div>
  );
}
