import { useEffect, useState } from 'react';
import { formatDateTime, formatViewCount } from '@streamdesk/contract/format';
import { useQuery } from '@tanstack/react-query';
import { liveMatchTabs } from '@/config/section-tabs';
import { Button } from '@/ui/button';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { stickyEndCell, Td, Th, toggleAll, toggleSelection, Tr } from '@/ui/data-table';
import { PageHeader } from '@/ui/page-header';
import { Pagination } from '@/ui/pagination';
import { Tabs } from '@/ui/tabs';
import { fireHistoryQuery, useDeleteFireHistory } from '../api';
import { ListTable } from '../components/list-table';
import { useInFlight } from '@/ui/use-in-flight';

const historyColumns = ['Name', 'Type', 'URL', 'Views', 'Clicks', 'Date', 'Actions'];

/** Live Ads History: every fire with its views and clicks, the totals, and delete (single or bulk). */
export default function WebLiveAdsHistoryPage() {
  const [page, setPage] = useState(1);
  const { data: reply, isPending } = useQuery(fireHistoryQuery(page));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const remove = useDeleteFireHistory();
  const removing = useInFlight();
  const history = reply?.status ? reply : undefined;

  // After deleting the last rows of the last page, show the page that now is the last.
  const lastPage = history?.totalPage;
  useEffect(() => {
    if (lastPage && page > lastPage) setPage(lastPage);
  }, [page, lastPage]);
  const ids = history?.data.map((f) => f._id) ?? [];
  // Entries whose delete is in flight are left out of a new one (it would only come back 'not found').
  const chosen = ids.filter((id) => selected.has(id) && !removing.has(id));

  // The dialog closes before the call, as every delete does: a second press cannot send it twice.
  const confirmDelete = async () => {
    const ids = deleting;
    if (!ids) return;
    setDeleting(null);
    const result = await removing.run(ids, () => remove.mutateAsync(ids));
    if (!result.status) return;
    setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
  };

  return (
    <div className="space-y-4">
      <Tabs tabs={liveMatchTabs} label="Live match section" />
      <PageHeader
        title="Live Ads History"
        actions={
          <Button
            variant="danger"
            disabled={chosen.length === 0}
            loading={removing.any}
            onClick={() => setDeleting(chosen)}
          >
            Delete selected{chosen.length ? ` (${chosen.length})` : ''}
          </Button>
        }
      />
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
      </section>
      <ListTable
        caption="Fired ads"
        columns={historyColumns}
        head={
          <Th className="w-10">
            <input
              type="checkbox"
              aria-label="Select all"
              className="size-4 rounded border-slate-300"
              checked={ids.length > 0 && chosen.length === ids.length}
              onChange={() => setSelected(toggleAll(selected, ids))}
            />
          </Th>
        }
        reply={reply}
        isPending={isPending}
        isEmpty={history?.data.length === 0}
        emptyText="No ad has been fired yet."
      >
        {history?.data.map((fire) => (
          <Tr key={fire._id}>
            <Td>
              <input
                type="checkbox"
                aria-label={`Select ${fire.a_name} fired ${formatDateTime(fire.createdAt)}`}
                className="size-4 rounded border-slate-300"
                checked={selected.has(fire._id)}
                onChange={() => setSelected(toggleSelection(selected, fire._id))}
              />
            </Td>
            <Td className="max-w-56 truncate font-medium text-slate-900" title={fire.a_name}>
              {fire.a_name}
            </Td>
            <Td>{fire.Adstype}</Td>
            <Td className="max-w-64 truncate" title={fire.url || undefined}>
              {fire.url || <span className="text-slate-500">–</span>}
            </Td>
            <Td className="tabular-nums">{formatViewCount(fire.a_view)}</Td>
            <Td className="tabular-nums">{formatViewCount(fire.a_click)}</Td>
            <Td className="tabular-nums">{formatDateTime(fire.createdAt)}</Td>
            <Td className={stickyEndCell}>
              <Button
                size="sm"
                variant="danger"
                aria-label={`Delete ${fire.a_name} fired ${formatDateTime(fire.createdAt)}`}
                loading={removing.has(fire._id)}
                onClick={() => setDeleting([fire._id])}
              >
                Delete
              </Button>
            </Td>
          </Tr>
        ))}
      </ListTable>
      <Pagination page={page} totalPages={history?.totalPage ?? 1} onPageChange={setPage} />
      <ConfirmMathDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        thing={deleting && deleting.length > 1 ? `${deleting.length} history entries` : 'this history entry'}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
