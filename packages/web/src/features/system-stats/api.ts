import { systemStatsRoutes } from '@streamdesk/contract/system-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApiOk } from '@/lib/api-query';
import { statsPolling } from '@/lib/stats-polling';

/** Polled every 5 s; any failed poll (network or `status: false`) throws, and the last values stay. */
export const systemStatsQuery = queryOptions({
  queryKey: ['system-stats'],
  queryFn: ({ signal }) => fetchApiOk(systemStatsRoutes.get, { signal }),
  ...statsPolling,
});

export function useSystemStats() {
  return useQuery(systemStatsQuery);
}
