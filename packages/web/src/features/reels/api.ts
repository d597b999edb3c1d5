import { REELS_PAGE_SIZE, reelRoutes } from '@streamdesk/contract/reels';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { replyOrReject, requestApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload';
import { toastFailure } from '@/ui/toast-failure';

const keys = { all: ['reels'] as const };

/** One page of reels, as the app asks for it (api-key only, no token: doc 1 section 6). */
export const reelsPageQuery = (page: number) =>
  queryOptions({
    queryKey: [...keys.all, 'page', page],
    queryFn: ({ signal }) =>
      fetchApi(reelRoutes.list, { query: { page, limit: REELS_PAGE_SIZE, a: 'true' }, signal }),
    placeholderData: keepPreviousData,
  });

export function useReelsPage(page: number) {
  return useQuery(reelsPageQuery(page));
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
