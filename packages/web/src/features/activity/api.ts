import { activityRoutes, type ActivityEntry, type ActivityQuery } from '@streamdesk/contract/activity';
import { teamRoutes } from '@streamdesk/contract/team';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { toastFailure } from '@/ui/toast-failure';

/** The Activity screen's filters, as the URL holds them (page and limit apart). */
export type ActivityFilters = Omit<ActivityQuery, 'page' | 'limit'>;

export const activityQuery = (filters: ActivityFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: ['activity', filters, page, limit],
    queryFn: ({ signal }) => fetchApi(activityRoutes.list, { query: { ...filters, page, limit }, signal }),
    placeholderData: keepPreviousData,
  });

export function useActivity(filters: ActivityFilters, page: number, limit: number) {
  return useQuery(activityQuery(filters, page, limit));
}

/**
 * Everyone's id and name, for the person filter. Under the team's query key, so that a person added or
 * renamed on the Team screen shows here too.
 */
export const peopleQuery = queryOptions({
  queryKey: ['team', 'people'],
  queryFn: ({ signal }) => fetchApi(teamRoutes.people, { signal }),
});

export function usePeople() {
  return useQuery(peopleQuery);
}

/**
 * Reverts an entry (0031). Every query goes stale after it: the revert changed another feature's record
 * (the controller, an ad unit) and added an entry.
 */
export function useRevert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestApi(activityRoutes.revert, { params: { id } }),
    onError: toastFailure('Failed to revert the change'),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** Every entry of the filtered view (for the CSV), page by page, up to `max`. */
export async function allEntries(filters: ActivityFilters, max = 10_000): Promise<ActivityEntry[]> {
  const out: ActivityEntry[] = [];
  for (let page = 1; out.length < max; page++) {
    const reply = await requestApi(activityRoutes.list, { query: { ...filters, page, limit: 200 } });
    out.push(...reply.data);
    if (page >= reply.totalPage) break;
  }
  return out.slice(0, max);
}
