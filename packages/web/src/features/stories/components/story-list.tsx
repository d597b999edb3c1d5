import { DEFAULT_STORY_SORT, STORY_LIST_LIMIT, storySort } from '@streamdesk/contract/stories';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { LOAD_FAILED } from '@/lib/api-query';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { EmptyState } from '@/ui/empty-state';
import {
  BulkBar,
  ListFooter,
  listStates,
  ListTable,
  SELECT_ALL_LABEL,
  type ListPaging,
  type ListSelection,
} from '@/ui/list-table';
import { LoadError } from '@/ui/load-error';
import { NoMatches } from '@/ui/no-matches';
import { scrollToListTop } from '@/ui/pagination';
import { SearchField } from '@/ui/search-field';
import { SelectField } from '@/ui/select-field';
import { showingRange } from '@/ui/showing-range';
import { COUNT_AND_DATE_ORDERS } from '@/ui/sortable-th';
import { toastSuccess } from '@/ui/toast-success';
import { toastDeleted } from '@/ui/toast-deleted';
import { useConfirmStatus } from '@/ui/use-confirm-update';
import { useFailedLoadToast } from '@/ui/use-failed-load-toast';
import { useInFlight } from '@/ui/use-in-flight';
import { useKeepFocusInList } from '@/ui/use-keep-focus-in-list';
import { MD_UP, useMediaQuery } from '@/ui/use-media-query';
import { usePageParam, useStepBackToLastPage } from '@/ui/use-page-param';
import { usePageSelection } from '@/ui/use-page-selection';
import { useRowsInSteps } from '@/ui/use-rows-in-steps';
import { useSearchAndSort } from '@/ui/use-search-and-sort';
import { fromList } from '@/ui/use-return-to-list';
import { useDeleteStories, useRetryStories, useStoryList, useStoryStatus, type StoryKind } from '../api';
import { StoryCard, StoryRow, type StoryHandlers } from './story-list-items';

/** The stories a Delete asks about, and how its question names them. */
interface PendingDelete {
  ids: string[];
  thing: string;
}

const STORY_THINGS = { video: ['story', 'stories'], ads: ['story ad', 'story ads'] } as const;

const COLUMNS = ['No', 'Status', 'View', 'Click', 'Thumbnail', 'Date & Time', 'Actions'];
const SORTED_BY = {
  View: { column: 'view', descFirst: true },
  Click: { column: 'click', descFirst: true },
  'Date & Time': { column: 'date', descFirst: true },
} as const;

/**
 * The Story Video List or the Story Ads List, a page of 200 at a time (newest first unless a header
 * sorts it), numbered on across pages: the one list (ListTable) from 768 px, cards below with the same
 * bulk bar and footer, only the one that shows in the page. The page, the search and the order are the
 * URL's (`?page=`, `?q=`, `?sort=`), and Edit takes that URL along so the edit screen returns to it.
 */
export function StoryList({ kind }: { kind: StoryKind }) {
  const pager = usePageParam();
  const { page } = pager;
  const { q, sort, onSearch, onSort, clearSearch } = useSearchAndSort(pager, storySort, DEFAULT_STORY_SORT);
  const list = useStoryList(kind, { page, q, sort });
  const { isPending, isPlaceholderData } = list;
  const data = list.data?.status ? list.data : undefined;
  const stories = data?.data ?? [];
  const first = data ? (data.page - 1) * STORY_LIST_LIMIT : 0;
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const remove = useDeleteStories(kind);
  const removing = useInFlight();
  const { mutate: sendStatus } = useStoryStatus(kind);
  const { mutateAsync: sendRetry } = useRetryStories(kind);
  const retrying = useInFlight();
  const { run: runRetry } = retrying;
  // The status asks first, as every list row's switch does (docs/decisions/0055-one-confirmation-rule.md).
  const confirmStatus = useConfirmStatus();
  const { ask: askStatus } = confirmStatus;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const wide = useMediaQuery(MD_UP, true);
  const top = useRef<HTMLDivElement>(null);
  // The cards, as the table's rows do, keep focus when the one holding it is deleted.
  const cards = useKeepFocusInList<HTMLUListElement>();

  // Deleting the last stories of the last page (or a bookmark past it): show the page that now is the last.
  useStepBackToLastPage(pager, data && !isPlaceholderData ? data.totalPage : undefined);
  // Another page, search or order, however it came (the pager, a header, Back, the step back): a fresh
  // selection. Stories whose delete is in flight are left out of a new one (it would only come back 'not
  // found').
  const picked = usePageSelection(
    stories.map((s) => s._id),
    { resetOn: `${page} ${sort} ${q}`, excluding: removing.has },
  );
  const { chosen, allSelected, toggle: select, forget } = picked;
  const title = kind === 'video' ? 'Story Video List' : 'Story Ads List';

  const on = useMemo<StoryHandlers>(
    () => ({
      select,
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
      // A refusal is the mutation's to say (onError).
      retry: (id) => void runRetry(id, () => sendRetry([id])).catch(() => undefined),
    }),
    [kind, navigate, pathname, search, select, askStatus, sendStatus, runRetry, sendRetry],
  );

  const confirmDelete = () => {
    if (!pending) return;
    setPending(null);
    const { ids: target } = pending;
    void removing
      .run(target, () => remove.mutateAsync(target))
      .then((result) => {
        toastDeleted(result.message, target);
        forget(target);
      })
      // A failed call is its mutation's to say (onError), anything else the mutation cache's (/Error).
      .catch(() => undefined);
  };

  // The first screen's rows first, the rest just after (useRowsInSteps): 200 at once held the first paint.
  const drawn = useRowsInSteps(stories.length);
  const item = (Item: typeof StoryRow) =>
    stories
      .slice(0, drawn)
      .map((s, i) => (
        <Item
          key={s._id}
          story={s}
          no={first + i + 1}
          selected={picked.isSelected(s._id)}
          deleting={removing.has(s._id)}
          retrying={retrying.has(s._id)}
          on={on}
        />
      ));
  const selectAll = picked.toggleAll;
  const selection: ListSelection = {
    allSelected,
    onToggleAll: selectAll,
    count: chosen.length,
    actions: (
      <Button
        write="stories"
        variant="danger"
        size="sm"
        disabled={chosen.length === 0}
        loading={removing.any}
        onClick={() =>
          setPending({ ids: chosen, thing: chosen.length === 1 ? 'Story' : `${chosen.length} stories` })
        }
      >
        Delete selected ({chosen.length})
      </Button>
    ),
  };
  // The reply names its page: its rows keep their numbers and range while the next page loads.
  const paging: ListPaging = {
    page,
    totalPages: data?.totalPage ?? 1,
    onPageChange: pager.setPage,
    showing: data && showingRange(first, stories.length, data.total, STORY_THINGS[kind], data.totalCapped),
  };
  const emptyText = q ? (
    <NoMatches things={STORY_THINGS[kind][1]} q={q} onClear={clearSearch} />
  ) : (
    <EmptyState title="No stories found">
      {kind === 'video' ? 'Add a story video or image above.' : 'Add a story ad above.'}
    </EmptyState>
  );

  return (
    <section aria-labelledby={`${kind}-list-title`} className="space-y-3">
      <h2 id={`${kind}-list-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>

      <SearchField
        q={q}
        onSearch={onSearch}
        placeholder={kind === 'video' ? 'Button name or URL' : 'Button name or URL, Native Ad ID'}
      />

      {/* While the next page loads, the last one stays in place, dimmed. */}
      <div
        aria-busy={isPlaceholderData}
        className={cn('transition-opacity', isPlaceholderData && 'opacity-60')}
      >
        {wide ? (
          <ListTable
            caption={title}
            columns={COLUMNS}
            sorting={{ sort, onSort, columns: SORTED_BY }}
            selection={selection}
            paging={paging}
            {...listStates(list)}
            isEmpty={stories.length === 0}
            emptyText={emptyText}
          >
            {item(StoryRow)}
          </ListTable>
        ) : (
          <div ref={top} className="scroll-mt-16 space-y-3">
            <SelectField
              label="Sort by"
              options={COUNT_AND_DATE_ORDERS}
              value={sort}
              onChange={(e) => onSort(e.target.value)}
            />
            <BulkBar selection={selection} />
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={allSelected}
                onChange={selectAll}
              />
              {SELECT_ALL_LABEL}
            </label>
            <CardsState
              reply={list.data}
              onRetry={list.refetch}
              isPending={isPending}
              empty={stories.length === 0}
              emptyText={emptyText}
            >
              <ul ref={cards} aria-label={title} className="space-y-3">
                {item(StoryCard)}
              </ul>
            </CardsState>
            {data && stories.length > 0 && (
              <ListFooter
                paging={paging}
                showing
                onPageChange={(next) => {
                  pager.setPage(next);
                  scrollToListTop(top.current);
                }}
              />
            )}
          </div>
        )}
      </div>

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

/** The cards' states, as ListTable says them: 'Loading…', a refusal with its Retry, the empty note. */
function CardsState({
  reply,
  onRetry,
  isPending,
  empty,
  emptyText,
  children,
}: {
  reply: { status: boolean; message: string } | undefined;
  onRetry: () => Promise<unknown>;
  isPending: boolean;
  empty: boolean;
  emptyText: ReactNode;
  children: ReactNode;
}) {
  useFailedLoadToast(reply);
  if (isPending) return <p className="py-6 text-center text-sm text-slate-600">Loading…</p>;
  if (reply && !reply.status) return <LoadError message={reply.message || LOAD_FAILED} onRetry={onRetry} />;
  if (!reply) return <p className="py-6 text-center text-sm text-slate-600">{LOAD_FAILED}</p>;
  if (empty) return <div className="py-6 text-center text-sm text-slate-600">{emptyText}</div>;
  return children;
}
