import { useCallback, useState } from 'react';
import { formatViewCount } from '@streamdesk/contract/format';
import { FIRE_HISTORY_SORT, fireHistoryQuery } from '@streamdesk/contract/live-matches';
import { liveMatchTabs } from '@/config/section-tabs';
import { DeleteSelectedButton } from '@/ui/bulk-delete';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { PageHeader } from '@/ui/page-header';
import { showingRange } from '@/ui/showing-range';
import { NoMatches } from '@/ui/no-matches';
import { SearchField } from '@/ui/search-field';
import { Tabs } from '@/ui/tabs';
import { usePageParam, useStepBackToLastPage } from '@/ui/use-page-param';
import { useSearchAndSort } from '@/ui/use-search-and-sort';
import { useDeleteFireHistory } from '../api';
import { FireHistoryRow, historyColumns } from '../components/fire-history-row';
import { ListTable, type ListSorting } from '@/ui/list-table';
import { useFireHistoryPage } from '../components/use-fire-history-page';
import { useInFlight } from '@/ui/use-in-flight';
import { usePageSelection } from '@/ui/use-page-selection';
import { unlessFailed } from '@/lib/api-client';

/** The headers that order the history (issue 36): names A to Z first, counts and dates highest first. */
const SORTED_BY = {
  Name: { column: 'name' },
  Views: { column: 'views', descFirst: true },
  Clicks: { column: 'clicks', descFirst: true },
  Date: { column: 'date', descFirst: true },
} as const;

/**
 * Live Ads History: every fire with its views and clicks, the totals, and delete (single or bulk). The
 * API's page of 1,000 is shown 100 rows at a time; the selection is the rows on screen, so it is cleared
 * when the page changes (docs/decisions/0017-live-matches.md). A search (the ad's name or URL) and the
 * order are the URL's; the totals are then those of the fires found (0052).
 */
export default function WebLiveAdsHistoryPage() {
  const pager = usePageParam();
  const { page } = pager;
  const { q, sort, onSearch, onSort, clearSearch } = useSearchAndSort(
    pager,
    fireHistoryQuery.shape.sort,
    FIRE_HISTORY_SORT,
  );
  const sorting: ListSorting = { sort, onSort, columns: SORTED_BY };
  const { reply, refetch, history, rows, loading, before, total, totalPages } = useFireHistoryPage({
    page,
    q,
    sort,
  });
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const remove = useDeleteFireHistory();
  const removing = useInFlight();

  // After deleting the last rows of the last page (or from a bookmark past it), show the page that now is
  // the last.
  useStepBackToLastPage(pager, history && !loading ? totalPages : undefined);
  // Another page, search or order, however it came (the pager, Back, the step back): a fresh selection.
  // Entries whose delete is in flight are left out of a new one (it would only come back 'not found').
  const selection = usePageSelection(
    rows.map((f) => f._id),
    { resetOn: `${page} ${q} ${sort}`, excluding: removing.has },
  );
  const { chosen, forget } = selection;
  const askDelete = useCallback((id: string) => setDeleting([id]), []);

  // The dialog closes before the call, as every delete does: a second press cannot send it twice.
  const confirmDelete = async () => {
    const ids = deleting;
    if (!ids) return;
    setDeleting(null);
    if (!(await removing.run(ids, () => unlessFailed(remove.mutateAsync(ids))))) return;
    forget(ids);
  };

  return (
    <div className="space-y-4">
      <Tabs tabs={liveMatchTabs} label="Live match section" />
      <PageHeader title="Live Ads History" />
      <section aria-label="Fire totals">
        <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
          {[
            ['Total Views', history?.totalViews],
            ['Total Clicks', history?.totalClicks],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <dt className="text-xs font-medium text-slate-500 uppercase">{label}</dt>
              <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
                {typeof value === 'number' ? formatViewCount(value) : '–'}
              </dd>
            </div>
          ))}
        </dl>
        {q && (
          <p className="mt-2 text-sm text-slate-600">Totals of the fired ads found for &ldquo;{q}&rdquo;.</p>
        )}
      </section>
      <SearchField q={q} onSearch={onSearch} placeholder="Search by ad name or URL" />
      <ListTable
        caption="Fired ads"
        columns={historyColumns}
        sorting={sorting}
        selection={{
          allSelected: selection.allSelected,
          onToggleAll: selection.toggleAll,
          count: chosen.length,
          actions: (
            <DeleteSelectedButton
              write="live-matches"
              count={chosen.length}
              loading={removing.any}
              onClick={() => setDeleting(chosen)}
            />
          ),
        }}
        paging={{
          page,
          totalPages,
          onPageChange: pager.setPage,
          showing: total !== undefined && showingRange(before, rows.length, total, ['fired ad', 'fired ads']),
        }}
        reply={reply}
        onRetry={refetch}
        isPending={loading}
        isEmpty={rows.length === 0}
        emptyText={
          q ? <NoMatches things="fired ads" q={q} onClear={clearSearch} /> : 'No ad has been fired yet.'
        }
      >
        {rows.map((fire) => (
          <FireHistoryRow
            key={fire._id}
            fire={fire}
            checked={selection.isSelected(fire._id)}
            deleting={removing.has(fire._id)}
            onToggle={selection.toggle}
            onDelete={askDelete}
          />
        ))}
      </ListTable>
      <ConfirmMathDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        thing={deleting && deleting.length > 1 ? `${deleting.length} history entries` : 'this history entry'}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
