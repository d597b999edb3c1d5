import { isEditConflict } from '@streamdesk/contract/edit-versions';
import { inHouseMessages, inHouseRoutes, INHOUSE_PAGE_SIZE } from '@streamdesk/contract/inhouse-ads';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiCallError, callApi, isNetworkFailure } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { toastSuccess } from '@/ui/toast-success';

export const inHouseKeys = {
  all: ['inhouse-ads'] as const,
  list: (page: number, q: string) => ['inhouse-ads', 'list', page, q] as const,
  one: (id: string) => ['inhouse-ads', 'one', id] as const,
};

/** One page of the admin list (every ad, active or not); a thrown call goes to /Error. */
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
  });
}

/** One ad for the edit page; the page handles failures itself (toast, then back to the list). */
export function useInHouseAd(id: string) {
  return useQuery({
    queryKey: inHouseKeys.one(id),
    queryFn: ({ signal }) => fetchApi(inHouseRoutes.one, { params: { id }, signal }),
    meta: { onError: 'log' },
    retry: false,
    staleTime: 0,
  });
}

/** Throws when no readable reply came back, so the mutation cache's /Error rule applies. */
function orThrow<T>(result: T): T {
  if (isNetworkFailure(result)) throw new ApiCallError(result);
  return result;
}

export function useCreateInHouseAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) => orThrow(await callApi(inHouseRoutes.create, { body: form })),
    onSuccess: async (result) => {
      if (!result.status) {
        toast.error(result.message || inHouseMessages.uploadFailed);
        return;
      }
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
    mutationFn: async (form: FormData) => orThrow(await callApi(inHouseRoutes.update, { body: form })),
    meta: { onError: 'log' },
    onError: () => toast.error(inHouseMessages.updateError),
    onSuccess: async (result) => {
      if (!result.status) {
        if (!isEditConflict(result.message)) toast.error(result.message || inHouseMessages.updateFailed);
        return;
      }
      toastSuccess(inHouseMessages.updated);
      await client.invalidateQueries({ queryKey: inHouseKeys.all });
    },
  });
}

export function useSetInHouseStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { id: string; status: boolean }) =>
      orThrow(await callApi(inHouseRoutes.status, { body })),
    onSuccess: async (result) => {
      if (result.status) toastSuccess(inHouseMessages.statusUpdated);
      else toast.error(result.message || inHouseMessages.statusFailed);
      await client.invalidateQueries({ queryKey: inHouseKeys.all });
    },
  });
}

export function useDeleteInHouseAds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => callApi(inHouseRoutes.remove, { body: { id: ids } }),
    onSuccess: async (result) => {
      if (!result.status) {
        toast.error(result.message || inHouseMessages.deleteFailed);
        return;
      }
      toastSuccess(inHouseMessages.deleted);
      await client.invalidateQueries({ queryKey: inHouseKeys.all });
    },
  });
}
