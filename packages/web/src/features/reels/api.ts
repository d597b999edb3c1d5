import { REELS_PAGE_SIZE, reelMessages, reelRoutes, type ReelSort } from '@streamdesk/contract/reels';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { replyOrReject, requestApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { whileProcessing } from '@/lib/processing-poll';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload';
import { toastFailure } from '@/ui/toast-failure';
import { useRetryProcessing } from '@/ui/use-retry-processing';

const keys = { all: ['reels'] as const };

/** Which page of reels, searched for what (empty: every reel) and in which order (0051). */
export interface ReelsView {
  page: number;
  q: string;
  sort: ReelSort;
}

/** One page of reels, as the app asks for it (api-key only, no token: doc 1 section 6). */
export const reelsPageQuery = ({ page, q, sort }: ReelsView) =>
  queryOptions({
    queryKey: [...keys.all, 'page', page, q, sort],
    queryFn: ({ signal }) =>
      fetchApi(reelRoutes.list, {
        query: { page, limit: REELS_PAGE_SIZE, a: 'true', sort, ...(q && { q }) },
        signal,
      }),
    placeholderData: keepPreviousData,
    // While a reel on the page is queued or processing, its state follows by itself.
    refetchInterval: (query) => whileProcessing(query.state.data),
  });

export function useReelsPage(view: ReelsView) {
  return useQuery(reelsPageQuery(view));
}

export function useUploadReel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: UploadProgress }) => {
      const form = new FormData();
      form.append('video', file);
      return replyOrReject(await uploadWithProgress(reelRoutes.add, form, onProgress));
    },
    // A rejected upload (refused, HTTP or network error) is reported by the form, not by the /Error page.
    meta: { onError: 'log' },
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteReels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => requestApi(reelRoutes.remove, { body: { id: ids } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.all }),
    onError: toastFailure(),
  });
}

/** Queues failed reels' processing again (0059); the list follows the run by itself (processing-poll). */
export const useRetryReels = () => useRetryProcessing(reelRoutes.retry, keys.all, reelMessages.retryFailed);
