import { analyticsRoutes } from '@streamdesk/contract/analytics';
import type { DayRange } from '@streamdesk/contract/date-ranges';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';

const keys = {
  all: ['analytics'] as const,
  one: (id: string, range: DayRange) => ['analytics', id, range] as const,
};

/** Analytics exceptions are only logged (doc 2 section 8): a failed load keeps the screen as it was. */
export const dashboardQuery = (id: string, range: DayRange) =>
  queryOptions({
    queryKey: keys.one(id, range),
    queryFn: ({ signal }) =>
      fetchApi(analyticsRoutes.dashboard, { params: { id }, query: { ...range }, signal }),
    meta: { onError: 'log' },
  });

export function useClearAnalytics(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (range: DayRange) => callApi(analyticsRoutes.clear, { params: { id }, query: { ...range } }),
    meta: { onError: 'log' },
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
