import { isEditConflict } from '@streamdesk/contract/edit-versions';
import { inHouseMessages, inHouseRoutes, INHOUSE_PAGE_SIZE } from '@streamdesk/contract/inhouse-ads';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { failureMessage, gotNoReply, requestApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { whileProcessing } from '@/lib/processing-poll';
import { toastDeleted } from '@/ui/toast-deleted';
import { toastSuccess } from '@/ui/toast-success';
import { useRetryProcessing } from '@/ui/use-retry-processing';

export const inHouseKeys = {
  all: ['inhouse-ads'] as const,
  list: (page: number, q: string) => ['inhouse-ads', 'list', page, q] as const,
  one: (id: string) => ['inhouse-ads', 'one', id] as const,
};

/**
 * One page of the admin list (every ad, active or not); a thrown call goes to /Error. It reloads every
 * 2 s while a video ad on it is queued or processing (0059).
 */
export function useInHouseList(page: number, q: string) {
  return useQuery({
    queryKey: inHouseKeys.list(page, q),
    // The page travels with its rows, so numbering stays right while the next page loads.
    queryFn: async ({ signal }) => ({
      ...(await fetchApi(inHouseRoutes.list, {
        query: { a: 'true', page, limit: INHOUSE_PAGE_SIZE, q: q || undefined },
        signal,
      })),
      page,
    }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => whileProcessing(query.state.data),
  });
}

/**
 * One ad for the edit page; the page handles failures itself (toast, then back to the list). While its
 * video is queued or processing it reloads every 2 s, so the page follows the run: its state, the
 * remuxed MP4, then the ladder and poster once ready (0059, as the story edit pages).
 */
export function useInHouseAd(id: string) {
  return useQuery({
    queryKey: inHouseKeys.one(id),
    queryFn: ({ signal }) => fetchApi(inHouseRoutes.one, { params: { id }, signal }),
    meta: { onError: 'log' },
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => whileProcessing(query.state.data),
  });
}

/**
 * A failure that got a reply is toasted (its message, or `fallback`); one that got none goes to /Error
 * (doc 2: in-house upload and status exceptions), by the mutation's `meta`.
 */
const toastRefusal = (fallback: string) => (error: Error) => {
  if (!gotNoReply(error)) toast.error(failureMessage(error, fallback));
};

export function useCreateInHouseAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => requestApi(inHouseRoutes.create, { body: form }),
    meta: { onError: 'page' },
    onError: toastRefusal(inHouseMessages.uploadFailed),
    onSuccess: async () => {
      toastSuccess(inHouseMessages.created);
      await client.invalidateQueries({ queryKey: inHouseKeys.all });
    },
  });
}

/**
 * The edit page's save; its form carries the version the ad was loaded at. A refusal because the ad
 * changed since (docs/decisions/0009-edit-conflicts.md) is left to the page, which toasts it with a Reload.
 */
export function useUpdateInHouseAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => requestApi(inHouseRoutes.update, { body: form }),
    onError: (error) => {
      if (gotNoReply(error)) toast.error(inHouseMessages.updateError);
      else if (!isEditConflict(error.message))
        toast.error(failureMessage(error, inHouseMessages.updateFailed));
    },
    onSuccess: async () => {
      toastSuccess(inHouseMessages.updated);
      await client.invalidateQueries({ queryKey: inHouseKeys.all });
    },
  });
}

export function useSetInHouseStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; status: boolean }) => requestApi(inHouseRoutes.status, { body }),
    meta: { onError: 'page' },
    onSuccess: () => toastSuccess(inHouseMessages.statusUpdated),
    onError: toastRefusal(inHouseMessages.statusFailed),
    // A refused switch reloads too, so it shows what the server holds.
    onSettled: () => client.invalidateQueries({ queryKey: inHouseKeys.all }),
  });
}

export function useDeleteInHouseAds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => requestApi(inHouseRoutes.remove, { body: { id: ids } }),
    onError: (error) => void toast.error(failureMessage(error, inHouseMessages.deleteFailed)),
    // The ads went to the trash: the toast offers Undo.
    onSuccess: async (_reply, ids) => {
      toastDeleted(inHouseMessages.deleted, ids);
      await client.invalidateQueries({ queryKey: inHouseKeys.all });
    },
  });
}

/** Queues failed video ads' processing again (0059); the list follows the run by itself (processing-poll). */
export const useRetryInHouseAds = () =>
  useRetryProcessing(inHouseRoutes.retry, inHouseKeys.all, inHouseMessages.retryFailed);
