import { activityRoutes, type ActivityEntry, type ActivityQuery } from '@streamdesk/contract/activity';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';

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
