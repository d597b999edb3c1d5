import { STATS_POLL_MS, systemStatsRoutes } from '@streamdesk/contract/system-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApiOk } from '@/lib/api-query';

/**
 * Polled every 5 s. Any failed poll (network or `status: false`) throws, so the query keeps the
 * previous values; `onError: 'log'` keeps it from sending the admin to /Error (doc 1 section 8).
 */
export const systemStatsQuery = queryOptions({
  queryKey: ['system-stats'],
  queryFn: ({ signal }) => fetchApiOk(systemStatsRoutes.get, { signal }),
  refetchInterval: STATS_POLL_MS,
  refetchIntervalInBackground: false,
  staleTime: 0,
  retry: false,
  meta: { onError: 'log' },
});

export function useSystemStats() {
  return useQuery(systemStatsQuery);
}
