import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDateTime } from '@streamdesk/contract/format';
import type { Notification } from '@streamdesk/contract/notifications';
import { Button } from '@/ui/button';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import {
  Table,
  TableMessageRow,
  TBody,
  Td,
  Th,
  THead,
  toggleAll,
  toggleSelection,
  Tr,
} from '@/ui/data-table';
import { Pagination } from '@/ui/pagination';
import { historyQuery, useDeleteNotifications, useResendNotification } from '../api';
import { DeliveryStatusList } from './delivery-status';

const PAGE_SIZE = 20;
const COLUMNS = 8;

/** The sent notifications, newest first, with their delivery results, Resend and Delete. */
export function HistoryTable() {
  const [page, setPage] = useState(1);
  /** What the confirmation is about: one row, or the selected rows. */
  const [deleting, setDeleting] = useState<{ ids: string[]; thing: string } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [resendingId, setResendingId] = useState<string | null>(null);
  const query = useQuery({ ...historyQuery(page, PAGE_SIZE), placeholderData: keepPreviousData });
  const resend = useResendNotification();
  const remove = useDeleteNotifications();
  const reply = query.data;
  const rows = reply?.status ? reply.data : [];

  const doResend = async (n: Notification) => {
    setResendingId(n._id);
    const result = await resend.mutateAsync({
      title: n.n_title,
      message: n.n_message,
      url: n.n_url ?? '',
      fileName: n.n_icon,
    });
    setResendingId(null);
    if (result.status) toast.success(result.message, { duration: 2000 });
    else toast.error(result.message || 'Something went wrong!');
  };

  const doDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    const result = await remove.mutateAsync(target.ids);
    if (result.status) {
      toast.success(result.message, { duration: 2000 });
      setSelected((s) => new Set([...s].filter((id) => !target.ids.includes(id))));
      if (rows.length <= target.ids.length && page > 1) setPage(page - 1);
    } else toast.error(result.message || 'Something went wrong!');
  };

  const visibleIds = rows.map((n) => n._id);
  const chosen = visibleIds.filter((id) => selected.has(id));

  return (
    <section aria-labelledby="notification-history" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notification-history" className="text-base font-semibold text-slate-900">
          History
        </h2>
        {chosen.length > 0 && (
          <Button
            size="sm"
            variant="danger"
            onClick={() =>
              setDeleting({
                ids: chosen,
                thing: chosen.length === 1 ? '1 notification' : `${chosen.length} notifications`,
              })
            }
          >
            Delete selected ({chosen.length})
          </Button>
        )}
      </div>
      {reply && !reply.status && (
        <p role="alert" className="text-sm text-red-600">
          {reply.message || 'Data Not Fetch'}
        </p>
      )}
      <Table caption="Notification history">
        <THead>
          <Th className="w-10">
            <input
              type="checkbox"
              aria-label="Select all notifications on this page"
              checked={chosen.length > 0 && chosen.length === visibleIds.length}
              onChange={() => setSelected((s) => toggleAll(s, visibleIds))}
              className="size-4 rounded border-slate-300"
            />
          </Th>
          <Th>Title</Th>
          <Th>Message</Th>
          <Th>URL</Th>
          <Th>Icon</Th>
          <Th>Date</Th>
          <Th>Delivery</Th>
          <Th>Actions</Th>
        </THead>
        <TBody>
          {query.isPending && <TableMessageRow colSpan={COLUMNS}>Loading…</TableMessageRow>}
          {!query.isPending && rows.length === 0 && (
            <TableMessageRow colSpan={COLUMNS}>No notification has been sent yet.</TableMessageRow>
          )}
          {rows.map((n) => (
            <Tr key={n._id}>
              <Td>
                <input
                  type="checkbox"
                  aria-label={`Select ${n.n_title}`}
                  checked={selected.has(n._id)}
                  onChange={() => setSelected((s) => toggleSelection(s, n._id))}
                  className="size-4 rounded border-slate-300"
                />
              </Td>
              <Td className="font-medium text-slate-900">{n.n_title}</Td>
              <Td>
                <p className="w-56 break-words whitespace-normal">{n.n_message}</p>
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
                  <span className="text-slate-400">None</span>
                )}
              </Td>
              <Td>
                {n.n_icon ? (
                  <img
                    src={n.n_icon}
                    alt={`Icon of ${n.n_title}`}
                    className="size-10 rounded object-cover ring-1 ring-slate-200"
                  />
                ) : (
                  <span className="text-slate-400">None</span>
                )}
              </Td>
              <Td className="tabular-nums">{formatDateTime(n.createdAt)}</Td>
              <Td>
                <DeliveryStatusList notification={n} />
              </Td>
              <Td>
                <div className="flex flex-col gap-1.5">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Resend ${n.n_title}`}
                    loading={resendingId === n._id}
                    onClick={() => void doResend(n)}
                  >
                    Resend
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={`Delete ${n.n_title}`}
                    onClick={() => setDeleting({ ids: [n._id], thing: `the notification "${n.n_title}"` })}
                  >
                    Delete
                  </Button>
                </div>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <Pagination page={page} totalPages={reply?.status ? reply.totalPage : 0} onPageChange={setPage} />
      <ConfirmMathDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        thing={deleting?.thing ?? ''}
        confirmLabel="Delete"
        onConfirm={() => void doDelete()}
      />
    </section>
  );
}
