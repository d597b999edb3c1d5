import {
  notificationRoutes as routes,
  type HistoryReply,
  type ResendBody,
} from '@streamdesk/contract/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '@/lib/api-client';
import { toastFailure } from '@/ui/toast-failure';
import { fetchApi } from '@/lib/api-query';

const keys = {
  all: ['notifications'] as const,
  history: (page: number, limit: number) => ['notifications', 'history', page, limit] as const,
};

const hasPending = (reply: HistoryReply | { status: false } | undefined) =>
  !!reply?.status &&
  reply.data.some((n) => n.delivery.fcm.status === 'pending' || n.delivery.webPush.status === 'pending');

/** The history; polled every 2 s while a delivery is still pending so its result appears by itself. */
export const historyQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: keys.history(page, limit),
    queryFn: ({ signal }) => fetchApi(routes.history, { query: { page, limit }, signal }),
    refetchInterval: (query) => (hasPending(query.state.data) ? 2000 : false),
    // A poll that fails (a network blip) keeps the table and the page: leaving for /Error would throw
    // away the next notification the admin is typing.
    meta: { onError: 'log-refetch' },
  });

export function useSendNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => requestApi(routes.send, { body: form }),
    onError: toastFailure(),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useResendNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ResendBody) => requestApi(routes.resend, { body }),
    onError: toastFailure(),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => requestApi(routes.delete, { body: { id: ids } }),
    onError: toastFailure(),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
