import {
  adUnitRoutes,
  type AdKind,
  type AdPlatform,
  type AdUpdateBody,
  type AdAddBody,
  type DayRange,
  type SimpleAd,
  type WebAd,
} from '@streamdesk/contract/ad-units';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '@/lib/api-client';
import { toastFailure } from '@/ui/toast-failure';
import { toastDeleted } from '@/ui/toast-deleted';
import { toastSuccess } from '@/ui/toast-success';
import { fetchApi } from '@/lib/api-query';

const routesOf = (platform: AdPlatform) => adUnitRoutes[platform];
const adKeys = {
  platform: (platform: AdPlatform) => ['ad-units', platform] as const,
  kind: (platform: AdPlatform, kind: AdKind) => ['ad-units', platform, kind] as const,
};

export type AdRow = SimpleAd & { a_click?: number };

/**
 * One kind's ads (web ads with their clicks in the range). A failed list is only logged (doc 2
 * section 8); a `status: false` reply is passed on so the screen can show its message.
 */
export function adListQuery(platform: AdPlatform, kind: AdKind, range?: DayRange) {
  const routes = routesOf(platform);
  return queryOptions({
    queryKey: [...adKeys.kind(platform, kind), range ?? null],
    queryFn: ({ signal }) =>
      kind === 'web'
        ? fetchApi(routes.webList, { query: { ...range }, signal })
        : fetchApi(routes.list, { params: { kind }, signal }),
    meta: { onError: 'log' },
    staleTime: 0,
  });
}

export const adRowsOf = (reply: { status: boolean; data?: unknown } | undefined): AdRow[] =>
  reply?.status ? (reply.data as (SimpleAd | WebAd)[]) : [];

/**
 * Every ad mutation of a platform refreshes that platform's lists. With `toasts`, its outcome is toasted
 * here (the server's words, doc 2 section 8; a function toasts the success its own way); a save's is
 * left to the format warning's flow.
 */
function useAdMutation<V, R extends { message: string }>(
  platform: AdPlatform,
  fn: (vars: V) => Promise<R>,
  toasts: boolean | ((reply: R, vars: V) => void) = false,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    ...(toasts && {
      onSuccess: (reply: R, vars: V) =>
        void (typeof toasts === 'function' ? toasts(reply, vars) : toastSuccess(reply.message)),
      onError: toastFailure('Internet Server Error'),
    }),
    onSettled: () => client.invalidateQueries({ queryKey: adKeys.platform(platform) }),
  });
}

export function useAddAd(platform: AdPlatform, kind: AdKind) {
  const routes = routesOf(platform);
  return useAdMutation(platform, (body: AdAddBody) =>
    kind === 'web' ? requestApi(routes.webAdd, { body }) : requestApi(routes.add, { params: { kind }, body }),
  );
}

export function useUpdateAd(platform: AdPlatform, kind: AdKind) {
  const routes = routesOf(platform);
  return useAdMutation(platform, ({ id, body }: { id: string; body: AdUpdateBody }) =>
    kind === 'web'
      ? requestApi(routes.webUpdate, { params: { id }, body })
      : requestApi(routes.update, { params: { kind, id }, body }),
  );
}

/**
 * Every ad unit's delete, website ads' included, moves it to the trash (issue 34): its toast offers Undo.
 */
export function useDeleteAd(platform: AdPlatform, kind: AdKind) {
  const routes = routesOf(platform);
  return useAdMutation(
    platform,
    (id: string) =>
      kind === 'web'
        ? requestApi(routes.webDelete, { params: { id } })
        : requestApi(routes.remove, { params: { kind, id } }),
    (reply, id) => toastDeleted(reply.message, [id]),
  );
}

/** Clears the clicks of one web ad (`id`) or of the listed ones (`ids`) within the range. */
export function useClearWebAdClicks(platform: AdPlatform) {
  const routes = routesOf(platform);
  return useAdMutation(
    platform,
    ({ id, ids, range }: { id?: string; ids?: string[]; range: DayRange }) =>
      id !== undefined
        ? requestApi(routes.webClearOne, { params: { id }, query: { ...range } })
        : requestApi(routes.webClearAll, { query: { ...range }, body: { id: ids ?? [] } }),
    true,
  );
}
