import type { Feature } from '@streamdesk/contract/roles';
import { trashRoutes } from '@streamdesk/contract/trash';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { toastFailure } from '@/ui/toast-failure';

export const trashQuery = (feature: Feature | undefined, page: number, limit: number) =>
  queryOptions({
    queryKey: ['trash', feature ?? null, page, limit],
    queryFn: ({ signal }) =>
      fetchApi(trashRoutes.list, { query: { ...(feature ? { feature } : {}), page, limit }, signal }),
    placeholderData: keepPreviousData,
  });

export const useTrash = (feature: Feature | undefined, page: number, limit: number) =>
  useQuery(trashQuery(feature, page, limit));

/** Restore and delete forever: every query goes stale after either (the items' own lists changed too). */
function useTrashAction(route: typeof trashRoutes.restore | typeof trashRoutes.purge, fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => requestApi(route, { body: { id: ids } }),
    onError: toastFailure(fallback),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export const useRestore = () => useTrashAction(trashRoutes.restore, 'Failed to restore');
export const usePurge = () => useTrashAction(trashRoutes.purge, 'Failed to delete forever');
