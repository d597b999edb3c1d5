import {
  notificationRoutes as routes,
  type HistoryReply,
  type HistorySort,
  type ResendBody,
  type ScheduledEditBody,
} from '@streamdesk/contract/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '@/lib/api-client';
import { toastFailure } from '@/ui/toast-failure';
import { fetchApi } from '@/lib/api-query';

const keys = {
  all: ['notifications'] as const,
  history: (view: HistoryView) => ['notifications', 'history', view] as const,
};

/** Which page of the history, of what size, searched for what (empty: all) and in which order (0052). */
export interface HistoryView {
  page: number;
  limit: number;
  q: string;
  sort: HistorySort;
}

type Reply = HistoryReply | { status: false } | undefined;
const hasPending = (reply: Reply) =>
  !!reply?.status &&
  reply.data.some(
    (n) =>
      n.status === 'sent' && (n.delivery.fcm.status === 'pending' || n.delivery.webPush.status === 'pending'),
  );
const hasScheduled = (reply: Reply) => !!reply?.status && reply.data.some((n) => n.status === 'scheduled');

/**
 * The history; polled every 2 s while a delivery is still pending so its result appears by itself, and
 * every 5 s while a send later waits (it turns sent at its time).
 */
export const historyQuery = (view: HistoryView) =>
  queryOptions({
    queryKey: keys.history(view),
    queryFn: ({ signal }) =>
      fetchApi(routes.history, {
        query: { page: view.page, limit: view.limit, sort: view.sort, ...(view.q && { q: view.q }) },
        signal,
      }),
    refetchInterval: (query) =>
      hasPending(query.state.data) ? 2000 : hasScheduled(query.state.data) ? 5000 : false,
    // A poll that fails (a network blip) keeps the table and the page: leaving for /Error would throw
    // away the next notification the admin is typing.
    meta: { onError: 'log-refetch' },
  });

/** A write of the history: a failure toasts, and the history reloads after it either way. */
function useHistoryWrite<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onError: toastFailure(),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useSendNotification = () =>
  useHistoryWrite((form: FormData) => requestApi(routes.send, { body: form }));

export const useResendNotification = () =>
  useHistoryWrite((body: ResendBody) => requestApi(routes.resend, { body }));

export const useDeleteNotifications = () =>
  useHistoryWrite((ids: string[]) => requestApi(routes.delete, { body: { id: ids } }));

export const useEditScheduled = () =>
  useHistoryWrite(({ id, body }: { id: string; body: ScheduledEditBody }) =>
    requestApi(routes.editScheduled, { params: { id }, body }),
  );

export const useCancelScheduled = () =>
  useHistoryWrite((id: string) => requestApi(routes.cancelScheduled, { params: { id } }));
