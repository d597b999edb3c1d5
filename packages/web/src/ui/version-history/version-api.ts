import type { versionRoutes } from '@streamdesk/contract/versions';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { requestApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { toastFailure } from '../toast-failure';
import { toastSuccess } from '../toast-success';

export type VersionRoutes = ReturnType<typeof versionRoutes>;

const versionsKey = (routes: VersionRoutes) => ['versions', routes.list.path] as const;

/** One page of a record's versions, newest first; read afresh each time the history opens. */
export function useVersions(routes: VersionRoutes, page: number) {
  return useQuery({
    queryKey: [...versionsKey(routes), 'page', page],
    queryFn: ({ signal }) => fetchApi(routes.list, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** One version with its whole state (a version never changes once made). */
export function useVersion(routes: VersionRoutes, n: number | undefined) {
  return useQuery({
    queryKey: [...versionsKey(routes), 'n', n],
    queryFn: ({ signal }) => fetchApi(routes.get, { params: { n: n ?? 0 }, signal }),
    enabled: n !== undefined,
    staleTime: Infinity,
  });
}

/** The rollback; on success the history and the record's own screen (`recordKey`) reload. */
export function useRollback(routes: VersionRoutes, recordKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (n: number) => requestApi(routes.rollback, { params: { n } }),
    onSuccess: async (reply) => {
      toastSuccess(reply.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: versionsKey(routes) }),
        queryClient.invalidateQueries({ queryKey: recordKey }),
      ]);
    },
    onError: toastFailure('Failed to roll back'),
  });
}
