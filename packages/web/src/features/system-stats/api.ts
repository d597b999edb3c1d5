import { systemStatsRoutes } from '@streamdesk/contract/system-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '@/lib/api-client';
import { statsPolling } from '@/lib/stats-polling';

/** Polled every 5 s; any failed poll (network or `status: false`) throws, and the last values stay. */
export const systemStatsQuery = queryOptions({
  queryKey: ['system-stats'],
  queryFn: ({ signal }) => requestApi(systemStatsRoutes.get, { signal }),
  ...statsPolling,
});

export function useSystemStats() {
  return useQuery(systemStatsQuery);
}
