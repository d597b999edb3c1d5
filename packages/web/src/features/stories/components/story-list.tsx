import { DEFAULT_STORY_SORT, STORY_LIST_LIMIT, storySort } from '@streamdesk/contract/stories';
import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import {
  stickyEndHead,
  Table,
  TBody,
  Th,
  THead,
  TableMessageRow,
  toggleAll,
  toggleSelection,
} from '@/ui/data-table';
import { EmptyState } from '@/ui/empty-state';
import { NoMatches } from '@/ui/no-matches';
import { Pagination, scrollToListTop } from '@/ui/pagination';
import { SearchField } from '@/ui/search-field';
import { SelectField } from '@/ui/select-field';
import { showingRange } from '@/ui/showing-range';
import { COUNT_AND_DATE_ORDERS, SortableTh } from '@/ui/sortable-th';
import { Spinner } from '@/ui/spinner';
import { toastSuccess } from '@/ui/toast-success';
import { toastDeleted } from '@/ui/toast-deleted';
import { useConfirmStatus } from '@/ui/use-confirm-update';
import { useInFlight } from '@/ui/use-in-flight';
import { useKeepFocusInList } from '@/ui/use-keep-focus-in-list';
import { MD_UP, useMediaQuery } from '@/ui/use-media-query';
import { usePageParam, useStepBackToLastPage } from '@/ui/use-page-param';
import { useSearchAndSort } from '@/ui/use-search-and-sort';
import { fromList } from '@/ui/use-return-to-list';
import { useDeleteStories, useStoryList, useStoryStatus, type StoryKind } from '../api';
import { StoryCard, StoryRow, type StoryHandlers } from './story-list-items';

/** The stories a Delete asks about, and how its question names them. */
interface PendingDelete {
  ids: string[];
  thing: string;
}

const STORY_THINGS = { video: ['story', 'stories'], ads: ['story ad', 'story ads'] } as const;

/**
 * The Story Video List or the Story Ads List, a page of 200 at a time (newest first unless a header
 * sorts it), numbered on across pages: a table from 768 px, cards below, only the one that shows in the
 * page. The page, the search and the order are the URL's (`?page=`, `?q=`, `?sort=`), and Edit takes
 * that URL along so the edit screen returns to it.
 */
export function StoryList({ kind }: { kind: StoryKind }) {
  const pager = usePageParam();
  const { page } = pager;
  const { q, sort, onSearch, onSort, clearSearch } = useSearchAndSort(pager, storySort, DEFAULT_STORY_SORT);
  const { data, isPending, isPlaceholderData } = useStoryList(kind, { page, q, sort });
  const stories = data?.data ?? [];
  const first = data ? (data.page - 1) * STORY_LIST_LIMIT : 0;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const remove = useDeleteStories(kind);
  const removing = useInFlight();
  const { mutate: sendStatus } = useStoryStatus(kind);
  // The status asks first, as every list row's switch does (docs/decisions/0055-one-confirmation-rule.md).
  const confirmStatus = useConfirmStatus();
  const { ask: askStatus } = confirmStatus;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const wide = useMediaQuery(MD_UP, true);
  const top = useRef<HTMLElement>(null);
  // The cards, as the table's rows do, keep focus when the one holding it is deleted.
  const cards = useKeepFocusInList<HTMLUListElement>();

  // Deleting the last stories of the last page (or a bookmark past it): show the page that now is the last.
  useStepBackToLastPage(pager, data && !isPlaceholderData ? data.totalPage : undefined);
  // Another page, search or order, however it came (the pager, a header, Back, the step back): a fresh
  // selection. Adjusted while rendering, as React advises for state that follows other state.
  const view = `${page} ${sort} ${q}`;
  const [selectedOn, setSelectedOn] = useState(view);
  if (selectedOn !== view) {
    setSelectedOn(view);
    setSelected(new Set());
  }

  const ids = stories.map((s) => s._id);
  // Stories whose delete is in flight are left out of a new one (it would only come back 'not found').
  const chosen = ids.filter((id) => selected.has(id) && !removing.has(id));
  const allSelected = ids.length > 0 && chosen.length === ids.length;
  const title = kind === 'video' ? 'Story Video List' : 'Story Ads List';

  const on = useMemo<StoryHandlers>(
    () => ({
      select: (id) => setSelected((s) => toggleSelection(s, id)),
      status: (story, no) =>
        askStatus(`story ${no}`, () =>
          sendStatus(
            { _id: story._id, status: !story.status },
            { onSuccess: (result) => toastSuccess(result.message) },
          ),
        ),
      edit: (id) =>
        void navigate(kind === 'video' ? paths.editStoryVideo.getHref(id) : paths.editStoryAd.getHref(id), {
          state: fromList({ pathname, search }),
        }),
      remove: (id) => setPending({ ids: [id], thing: 'Story' }),
    }),
    [kind, navigate, pathname, search, askStatus, sendStatus],
  );

  /** Another page (a new history entry), the list seen from its top (the pager is under it). */
  const changePage = (next: number) => {
    pager.setPage(next);
    scrollToListTop(top.current);
  };

  const confirmDelete = () => {
    if (!pending) return;
    setPending(null);
    const { ids: target } = pending;
    void removing
      .run(target, () => remove.mutateAsync(target))
      .then((result) => {
        toastDeleted(result.message, target);
        setSelected((s) => new Set([...s].filter((id) => !target.includes(id))));
      })
      // A failed call is its mutation's to say (onError), anything else the mutation cache's (/Error).
      .catch(() => undefined);
  };

  const item = (Item: typeof StoryRow) =>
    stories.map((s, i) => (
      <Item
        key={s._id}
        story={s}
        no={first + i + 1}
        selected={selected.has(s._id)}
        deleting={removing.has(s._id)}
        on={on}
      />
    ));
  const selectAll = () => setSelected((s) => toggleAll(s, ids));

  return (
    <section
      ref={top}
      aria-labelledby={`${kind}-list-title`}
      aria-busy={isPlaceholderData}
      className="scroll-mt-16 space-y-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${kind}-list-title`} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {chosen.length > 0 && (
          <Button
            write="stories"
            variant="danger"
            size="sm"
            loading={removing.any}
            onClick={() =>
              setPending({
                ids: chosen,
                thing: chosen.length === 1 ? 'Story' : `${chosen.length} stories`,
              })
            }
          >
            Delete selected ({chosen.length})
          </Button>
        )}
      </div>

      <SearchField
        q={q}
        onSearch={onSearch}
        placeholder={kind === 'video' ? 'Button name or URL' : 'Button name or URL, Native Ad ID'}
      />

      {data?.total === 0 && q ? (
        <NoMatches things={STORY_THINGS[kind][1]} q={q} onClear={clearSearch} />
      ) : data?.total === 0 ? (
        <EmptyState title="No stories found">
          {kind === 'video' ? 'Add a story video or image above.' : 'Add a story ad above.'}
        </EmptyState>
      ) : (
        // While the next page loads, the last one stays in place, dimmed.
        <div className={cn('space-y-3 transition-opacity', isPlaceholderData && 'opacity-60')}>
          {wide ? (
            <Table caption={title}>
              <THead>
                <Th className="w-10">
                  <input
                    type="checkbox"
                    aria-label="Select all stories"
                    className="size-4 accent-brand-600"
                    checked={allSelected}
                    onChange={selectAll}
                  />
                </Th>
                <Th>No</Th>
                <Th>Status</Th>
                <SortableTh column="view" label="View" sort={sort} onSort={onSort} descFirst />
                <SortableTh column="click" label="Click" sort={sort} onSort={onSort} descFirst />
                <Th>Thumbnail</Th>
                <SortableTh column="date" label="Date & Time" sort={sort} onSort={onSort} descFirst />
                <Th className={`${stickyEndHead} text-right`}>Actions</Th>
              </THead>
              <TBody>
                {isPending ? (
                  <TableMessageRow colSpan={8}>
                    <Spinner className="mx-auto size-5" />
                  </TableMessageRow>
                ) : (
                  item(StoryRow)
                )}
              </TBody>
            </Table>
          ) : (
            <>
              <SelectField
                label="Sort by"
                options={COUNT_AND_DATE_ORDERS}
                value={sort}
                onChange={(e) => onSort(e.target.value)}
              />
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={allSelected}
                  onChange={selectAll}
                />
                Select all
              </label>
              {isPending && <Spinner className="mx-auto size-5" />}
              <ul ref={cards} aria-label={title} className="space-y-3">
                {item(StoryCard)}
              </ul>
            </>
          )}
          {data && stories.length > 0 && (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600">
                {showingRange(first, stories.length, data.total, STORY_THINGS[kind])}
              </p>
              <Pagination page={page} totalPages={data.totalPage} onPageChange={changePage} />
            </div>
          )}
        </div>
      )}

      {confirmStatus.dialog}
      <ConfirmMathDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Delete story"
        thing={pending?.thing ?? ''}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
      />
    </section>
  );
}
