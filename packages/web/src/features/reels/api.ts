import { REELS_PAGE_SIZE, reelRoutes } from '@streamdesk/contract/reels';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload';

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

function useReelMutation<V, R extends { status: boolean }>(call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // A rejected upload (HTTP or network error) is reported by the form, not by the /Error page.
    meta: { onError: 'log' },
    onSuccess: (result) => {
      if (result.status) void client.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export const useUploadReel = () =>
  useReelMutation(({ file, onProgress }: { file: File; onProgress?: UploadProgress }) => {
    const form = new FormData();
    form.append('video', file);
    return uploadWithProgress(reelRoutes.add, form, onProgress);
  });

export const useDeleteReels = () =>
  useReelMutation((ids: string[]) => callApi(reelRoutes.remove, { body: { id: ids } }));
