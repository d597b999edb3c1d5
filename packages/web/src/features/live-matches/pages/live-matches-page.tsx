import { LIVE_MATCH_PAGE_SIZE, LIVE_MATCH_SORT, liveMatchListQuery } from '@streamdesk/contract/live-matches';
import { useQuery } from '@tanstack/react-query';
import { liveMatchTabs } from '@/config/section-tabs';
import { deleteSelection, useBulkDelete } from '@/ui/bulk-delete';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { polledOldSince } from '@/lib/stats-polling';
import { OldFiguresNote } from '@/ui/old-figures-note';
import { PageHeader } from '@/ui/page-header';
import { RunningBadge } from '@/ui/running-badge';
import { NoMatches } from '@/ui/no-matches';
import { SearchField } from '@/ui/search-field';
import { Tabs } from '@/ui/tabs';
import { usePageParam, useStepBackToLastPage } from '@/ui/use-page-param';
import { useRowsInSteps } from '@/ui/use-rows-in-steps';
import { useStableCallback } from '@/ui/use-stable-callback';
import { useSearchAndSort } from '@/ui/use-search-and-sort';
import { liveMatchesQuery, liveMatchViewersQuery, useDeleteLiveMatches } from '../api';
import { ListTable, pagedList, type ListSorting } from '@/ui/list-table';
import { LiveMatchAddForm } from '../components/live-match-add-form';
import { liveMatchColumns, LiveMatchEditRow, LiveMatchRow } from '../components/live-match-row';
import { DraftScope, useRowInEdit } from '@/ui/ask-before-dropping';

/** The headers that order the list (issue 36): titles A to Z first, views and dates highest first. */
const SORTED_BY = {
  Title: { column: 'title' },
  Views: { column: 'views', descFirst: true },
  Date: { column: 'date', descFirst: true },
} as const;

export default function LiveMatchesPage() {
  const pager = usePageParam();
  const { page, setPage } = pager;
  // The search and the order are the URL's (?q=final&sort=-views), the default order left out.
  const { q, sort, onSearch, onSort, clearSearch } = useSearchAndSort(
    pager,
    liveMatchListQuery.shape.sort,
    LIVE_MATCH_SORT,
  );
  const sorting: ListSorting = { sort, onSort, columns: SORTED_BY };
  const matches = useQuery(liveMatchesQuery({ page, q, sort }));
  const { data: reply, isPlaceholderData } = matches;
  const viewers = useQuery(liveMatchViewersQuery);
  const watching = viewers.data;
  // Kept from the last poll that answered; said to be old once polls have failed for a while.
  const viewersOldSince = polledOldSince(viewers);
  // One row in edit; Edit on another, a page, search or sort change (Back and Forward too) ask while it
  // holds a change.
  const rows = useRowInEdit({ inUrl: true });
  const remove = useDeleteLiveMatches();
  const list = reply?.status ? reply : undefined;
  const shown = list?.data ?? [];
  // The first screen's rows first, the rest just after (useRowsInSteps).
  const drawn = useRowsInSteps(shown.length);
  // Delete and Delete selected, as every list's: the arithmetic question, then the trash with Undo (0055).
  // The row in edit is left out of the selection (it shows no box, and a bulk delete would drop its
  // unsaved change unasked, 0056). Another page, search or order starts a fresh selection.
  const bulk = useBulkDelete(
    shown.filter((m) => m._id !== rows.editingId).map((m) => m._id),
    async (ids) => {
      const removed = await remove.mutateAsync(ids);
      if (rows.editingId !== null && ids.includes(rows.editingId)) rows.done();
      return removed;
    },
    { toTrash: true, view: `${page} ${q} ${sort}` },
  );
  const confirming = bulk.confirming ?? [];
  const confirmingOne = confirming.length === 1 && shown.find((m) => m._id === confirming[0]);
  // The same functions at every render: the rows are memoised, so a step of the drawing, a tick or a
  // viewers poll renders only the rows it adds or changes.
  const onEdit = useStableCallback(rows.edit);
  const onDelete = useStableCallback((id: string) => bulk.ask([id]));

  // After deleting the last rows of the last page (or from a bookmark past it), show the page that now
  // is the last.
  useStepBackToLastPage(pager, list && !isPlaceholderData ? list.totalPage : undefined);

  return (
    <div className="space-y-4">
      <Tabs tabs={liveMatchTabs} label="Live match section" />
      <PageHeader
        title="Live Match Management"
        description="Matches the app shows live, with the link viewers open."
        actions={list && <RunningBadge running={list.liveMatch} />}
      />
      <LiveMatchAddForm />
      {viewersOldSince !== undefined && (
        <OldFiguresNote since={viewersOldSince} what="Watching now: not updated" />
      )}
      <SearchField
        q={q}
        onSearch={onSearch}
        placeholder="Search live matches by title"
        askFirst={rows.move}
      />
      <ListTable
        caption="Live matches"
        columns={liveMatchColumns}
        sorting={sorting}
        selection={deleteSelection(bulk, { write: 'live-matches', loading: remove.isPending })}
        askFirst={rows.move}
        {...pagedList(matches, list, {
          page,
          pageSize: LIVE_MATCH_PAGE_SIZE,
          things: ['live match', 'live matches'],
          onPageChange: setPage,
        })}
        isEmpty={list?.data.length === 0}
        emptyText={
          q ? <NoMatches things="live matches" q={q} onClear={clearSearch} /> : 'No live matches yet.'
        }
      >
        <DraftScope hold={rows.hold}>
          {shown
            .slice(0, drawn)
            .map((match) =>
              match._id === rows.editingId ? (
                <LiveMatchEditRow key={match._id} match={match} onDone={rows.done} />
              ) : (
                <LiveMatchRow
                  key={match._id}
                  match={match}
                  selected={bulk.isSelected(match._id)}
                  onToggle={bulk.toggle}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  deleting={bulk.isDeleting(match._id)}
                  watching={watching && (watching.get(match._id) ?? 0)}
                  watchingOld={viewersOldSince !== undefined}
                />
              ),
            )}
        </DraftScope>
      </ListTable>
      {rows.dialog}
      <ConfirmMathDialog
        open={bulk.confirming !== null}
        onOpenChange={(open) => !open && bulk.cancel()}
        thing={
          confirming.length > 1
            ? `${confirming.length} Live Matches`
            : confirmingOne
              ? `Live Match "${confirmingOne.title}"`
              : 'Live Match'
        }
        confirmLabel="Delete"
        onConfirm={bulk.confirm}
      />
    </div>
  );
}
