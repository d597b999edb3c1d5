import { adPlatforms, adUnitRoutes } from '@streamdesk/contract/ad-units';
import { analyticsRoutes } from '@streamdesk/contract/analytics';
import type { DayRange } from '@streamdesk/contract/date-ranges';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, requestApi } from '@/lib/api-client';
import { toastFailure } from '@/ui/toast-failure';
import { toastSuccess } from '@/ui/toast-success';
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

/**
 * Clears one item's views and clicks in the range. A web ad's dashboard (`adsType=web`) uses the web
 * clear call (doc 2 sections 2 and 7), which is per platform while the dashboard's link carries none, so
 * the ad is looked up in each platform's web list first; an id in neither (a deleted ad, say) is cleared
 * through the analytics call, which clears the same counts.
 */
export async function clearAnalytics(id: string, range: DayRange, web: boolean) {
  for (const platform of web ? adPlatforms : []) {
    const routes = adUnitRoutes[platform];
    const list = await callApi(routes.webList, { query: {} });
    if (list.status && 'data' in list && list.data.some((ad) => ad._id === id))
      return requestApi(routes.webClearOne, { params: { id }, query: { ...range } });
  }
  return requestApi(analyticsRoutes.clear, { params: { id }, query: { ...range } });
}

export function useClearAnalytics(id: string, web: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (range: DayRange) => clearAnalytics(id, range, web),
    meta: { onError: 'log' },
    onSuccess: (reply) => void toastSuccess(reply.message),
    onError: toastFailure(),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
