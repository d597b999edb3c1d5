import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@streamdesk/contract/format';
import {
  HISTORY_SORT,
  historyQuery as historyParams,
  type Notification,
} from '@streamdesk/contract/notifications';
import { unlessFailed } from '@/lib/api-client';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { Button } from '@/ui/button';
import { deleteSelection, SelectCheckbox, useBulkDelete } from '@/ui/bulk-delete';
import { ConfirmAdminDialog } from '@/ui/confirm-admin-dialog';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { ListTable } from '@/ui/list-table';
import { NoMatches } from '@/ui/no-matches';
import { SearchField } from '@/ui/search-field';
import { showingRange } from '@/ui/showing-range';
import { toastSendOutcome } from './send-outcome-toast';
import { usePageParam, useStepBackToLastPage } from '@/ui/use-page-param';
import { useSearchAndSort } from '@/ui/use-search-and-sort';
import { historyQuery, useDeleteNotifications, useResendNotification } from '../api';
import { DeliveryStatusList } from './delivery-status';
import { CancelScheduledDialog, EditScheduledDialog, UnsentStatus } from './send-later';
import { useInFlight } from '@/ui/use-in-flight';
import { RemoteImage } from '@/ui/remote-image';

const PAGE_SIZE = 20;
const NOTIFICATION_THINGS = ['notification', 'notifications'] as const;
/** The headers that order the list: titles A to Z first, dates newest first. */
const SORTED_BY = { Title: { column: 'title' }, Date: { column: 'date', descFirst: true } } as const;
/**
 * Title and message wrap, even inside a long word, between these widths: the table narrows to its box
 * (a laptop screen shows every column) and only scrolls sideways below that.
 */
const wrapping = 'min-w-32 whitespace-normal wrap-anywhere';

/**
 * The notifications, newest first, with their delivery results, Resend and Delete; a send later stands
 * at its time, with Edit and Cancel until it goes. A search (title or message) and the order (Title or
 * Date header) are the URL's, as the page is (issue 36, 0052).
 */
export function HistoryTable() {
  const pager = usePageParam();
  const { page, setPage } = pager;
  const { q, sort, onSearch, onSort, clearSearch } = useSearchAndSort(
    pager,
    historyParams.shape.sort,
    HISTORY_SORT,
  );
  const resending = useInFlight();
  /** The notification waiting for the admin to type admin before it goes out again. */
  const [toResend, setToResend] = useState<Notification | null>(null);
  const [editing, setEditing] = useState<Notification | null>(null);
  const [cancelling, setCancelling] = useState<Notification | null>(null);
  const query = useQuery({
    ...historyQuery({ page, limit: PAGE_SIZE, q, sort }),
    placeholderData: keepPreviousData,
  });
  const resend = useResendNotification();
  const remove = useDeleteNotifications();
  const reply = query.data;
  const rows = reply?.status ? reply.data : [];
  // Deleting the last rows of the last page (or a bookmark past it): show the page that now is the last.
  useStepBackToLastPage(pager, reply?.status && !query.isPlaceholderData ? reply.totalPage : undefined);

  const doResend = async (n: Notification) => {
    setToResend(null);
    const result = await resending.run(n._id, () =>
      unlessFailed(
        resend.mutateAsync({
          title: n.n_title,
          message: n.n_message,
          url: n.n_url ?? '',
          fileName: n.n_icon,
        }),
      ),
    );
    if (!result) return;
    toastSendOutcome(result);
  };

  // A delete moves the notifications to the trash: its toast offers Undo.
  const bulk = useBulkDelete(
    rows.map((n) => n._id),
    remove.mutateAsync,
    { toTrash: true },
  );
  const confirming = bulk.confirming ?? [];
  const thing =
    confirming.length === 1
      ? `the notification "${rows.find((n) => n._id === confirming[0])?.n_title ?? ''}"`
      : `${confirming.length} notifications`;

  return (
    <section aria-labelledby="notification-history" className="space-y-3">
      <h2 id="notification-history" className="text-base font-semibold text-slate-900">
        History
      </h2>
      <SearchField q={q} onSearch={onSearch} placeholder="Search by title or message" />
      <ListTable
        caption="Notification history"
        columns={['Title', 'Message', 'URL', 'Icon', 'Date', 'Delivery', 'Actions']}
        sorting={{ sort, onSort, columns: SORTED_BY }}
        selection={deleteSelection(bulk, { write: 'notifications', loading: remove.isPending })}
        paging={{
          page,
          totalPages: reply?.status ? reply.totalPage : 0,
          onPageChange: setPage,
          // The reply does not name its page: while another page loads, the last one's range is left out.
          showing:
            reply?.status &&
            !query.isPlaceholderData &&
            showingRange(
              (page - 1) * PAGE_SIZE,
              rows.length,
              reply.total,
              NOTIFICATION_THINGS,
              reply.totalCapped,
            ),
        }}
        reply={reply}
        onRetry={query.refetch}
        isPending={query.isPending}
        isEmpty={rows.length === 0}
        emptyText={
          q ? (
            <NoMatches things="notifications" q={q} onClear={clearSearch} />
          ) : (
            'No notification has been sent yet.'
          )
        }
      >
        {rows.map((n) => (
          <Tr key={n._id}>
            <Td>
              <SelectCheckbox
                label={`Select ${n.n_title}`}
                checked={bulk.isSelected(n._id)}
                onChange={() => bulk.toggle(n._id)}
              />
            </Td>
            <Td className="font-medium text-slate-900">
              <p className={`${wrapping} max-w-60`}>{n.n_title}</p>
            </Td>
            <Td>
              {/* Three lines at most (a 500-character message made a row of 45), the whole in its tooltip,
                  as a live match's title; a screen reader reads it all. */}
              <p className={`${wrapping} line-clamp-3 max-w-72`} title={n.n_message}>
                {n.n_message}
              </p>
            </Td>
            <Td>
              {n.n_url ? (
                <a
                  href={n.n_url}
                  target="_blank"
                  rel="noreferrer noopener"
                  title={n.n_url}
                  className="block max-w-40 truncate text-brand-600 hover:underline"
                >
                  {n.n_url}
                </a>
              ) : (
                <span className="text-slate-500">None</span>
              )}
            </Td>
            <Td>
              {n.n_icon ? (
                <RemoteImage
                  src={n.n_icon}
                  alt={`Icon of ${n.n_title}`}
                  loading="lazy"
                  className="size-10 rounded object-cover ring-1 ring-slate-200"
                />
              ) : (
                <span className="text-slate-500">None</span>
              )}
            </Td>
            {/* The date may take two lines (day, time) so that the row's buttons keep one (0060). */}
            <Td className="tabular-nums">
              <span className="block min-w-24 whitespace-normal">{formatDateTime(n.createdAt)}</span>
            </Td>
            <Td>
              {n.status === 'sent' ? (
                <DeliveryStatusList notification={n} />
              ) : (
                <UnsentStatus notification={n} />
              )}
            </Td>
            <Td className={stickyEndCell}>
              <div className="flex gap-1.5">
                {n.status === 'scheduled' ? (
                  <>
                    <Button
                      write="notifications"
                      size="sm"
                      variant="secondary"
                      aria-label={`Edit ${n.n_title}`}
                      onClick={() => setEditing(n)}
                    >
                      Edit
                    </Button>
                    <Button
                      write="notifications"
                      size="sm"
                      variant="secondary"
                      aria-label={`Cancel ${n.n_title}`}
                      onClick={() => setCancelling(n)}
                    >
                      Cancel
                    </Button>
                  </>
                ) : (
                  <Button
                    write="notifications"
                    size="sm"
                    variant="secondary"
                    aria-label={`Resend ${n.n_title}`}
                    loading={resending.has(n._id)}
                    onClick={() => setToResend(n)}
                  >
                    Resend
                  </Button>
                )}
                <ActivityHistoryLink feature="notifications" item={n._id} name={n.n_title} />
                <Button
                  write="notifications"
                  size="sm"
                  variant="danger"
                  aria-label={`Delete ${n.n_title}`}
                  loading={bulk.isDeleting(n._id)}
                  onClick={() => bulk.ask([n._id])}
                >
                  Delete
                </Button>
              </div>
            </Td>
          </Tr>
        ))}
      </ListTable>
      <ConfirmMathDialog
        open={bulk.confirming !== null}
        onOpenChange={(open) => !open && bulk.cancel()}
        thing={thing}
        confirmLabel="Delete"
        onConfirm={bulk.confirm}
      />
      <ConfirmAdminDialog
        open={toResend !== null}
        onOpenChange={(open) => !open && setToResend(null)}
        action={`send "${toResend?.n_title ?? ''}" again to every subscribed device`}
        confirmLabel="Resend"
        onConfirm={() => toResend && void doResend(toResend)}
      />
      <EditScheduledDialog notification={editing} onClose={() => setEditing(null)} />
      <CancelScheduledDialog notification={cancelling} onClose={() => setCancelling(null)} />
    </section>
  );
}
