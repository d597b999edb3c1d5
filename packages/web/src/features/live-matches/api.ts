import {
  LIVE_ADS_HISTORY_PAGE_SIZE,
  LIVE_MATCH_PAGE_SIZE,
  liveMatchRoutes as routes,
  type FireBody,
  type FireHistorySort,
  type LiveMatchSort,
  type LiveAdMap,
  type WebLiveAdEdit,
} from '@streamdesk/contract/live-matches';
import { EDIT_VERSION_FIELD, isEditConflict } from '@streamdesk/contract/edit-versions';
import { systemStatsRoutes } from '@streamdesk/contract/system-stats';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-query';
import { failureMessage, requestApi } from '@/lib/api-client';
import { statsPolling } from '@/lib/stats-polling';
import { toastFailure } from '@/ui/toast-failure';
import { toastDeleted } from '@/ui/toast-deleted';
import { toastSuccess } from '@/ui/toast-success';

export const liveMatchKeys = {
  all: ['live-matches'] as const,
  matches: ['live-matches', 'matches'] as const,
  liveAds: ['live-matches', 'live-ads'] as const,
  webAds: ['live-matches', 'web-ads'] as const,
  history: ['live-matches', 'history'] as const,
};

/** Which page of a list, searched for what (empty: every row) and in which order (issue 36, 0052). */
export interface ListView<S extends string> {
  page: number;
  q: string;
  sort: S;
}

export const liveMatchesQuery = ({ page, q, sort }: ListView<LiveMatchSort>) =>
  queryOptions({
    queryKey: [...liveMatchKeys.matches, page, q, sort],
    queryFn: ({ signal }) =>
      fetchApi(routes.list, {
        query: { page, limit: LIVE_MATCH_PAGE_SIZE, sort, ...(q && { q }) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * How many app clients watch each live match now, polled with the system stats (every 5 s). A failed
 * poll keeps the last figures and stays quiet, as the stats do.
 */
export const liveMatchViewersQuery = queryOptions({
  queryKey: ['live-match-viewers'],
  queryFn: async ({ signal }) => {
    const reply = await requestApi(systemStatsRoutes.liveMatchViewers, { signal });
    return new Map(reply.data.map((m) => [m._id, m.liveView]));
  },
  ...statsPolling,
});

export const liveAdsQuery = queryOptions({
  queryKey: liveMatchKeys.liveAds,
  queryFn: ({ signal }) => fetchApi(routes.liveAds, { signal }),
});

export const webLiveAdsQuery = queryOptions({
  queryKey: liveMatchKeys.webAds,
  queryFn: ({ signal }) => fetchApi(routes.webAds, { signal }),
});

/** An API page (of 1,000 fires) of the history, searched and ordered. */
export const fireHistoryQuery = ({ page, q, sort }: ListView<FireHistorySort>) =>
  queryOptions({
    queryKey: [...liveMatchKeys.history, page, q, sort],
    queryFn: ({ signal }) =>
      fetchApi(routes.history, {
        query: { page, limit: LIVE_ADS_HISTORY_PAGE_SIZE, sort, ...(q && { q }) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * A write of this section: toasts the server's message (success 2 s, failure 5 s), reloads the lists
 * it touched after a success (doc 1 section 7); a failed write rejects, so the screen can keep its form.
 * A not-found (a row another admin deleted) reloads every list: the query client does that for any
 * write answered 404 (lib/query-client.ts).
 */
function useLiveAction<V, R extends { message: string }>(
  run: (vars: V) => Promise<R>,
  touches: readonly QueryKey[],
  fallback = 'Something went wrong!',
  done: (result: R, vars: V) => void = (result) => toastSuccess(result.message || 'Updated successfully'),
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (result, vars) => {
      done(result, vars);
      await Promise.all(touches.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: toastFailure(fallback),
  });
}

export const useAddLiveMatch = () =>
  useLiveAction((form: FormData) => requestApi(routes.add, { body: form }), [liveMatchKeys.matches]);

/**
 * An inline edit of a row of `list`; what it sends carries the version the row was listed at. Refused
 * because the record changed since (409), the list reloads, so the admin sees the other change before
 * editing again (the row leaves edit mode: endsEditMode).
 */
function useInlineEdit<V, R extends { message: string }>(
  run: (vars: V) => Promise<R>,
  list: QueryKey,
  fallback: string,
) {
  const client = useQueryClient();
  return useLiveAction(
    async (vars: V) => {
      try {
        return await run(vars);
      } catch (error) {
        if (isEditConflict(failureMessage(error, ''))) void client.invalidateQueries({ queryKey: list });
        throw error;
      }
    },
    [list],
    fallback,
  );
}

/** The live match inline edit (its form carries the row's version). */
export const useEditLiveMatch = () =>
  useInlineEdit(
    (form: FormData) => requestApi(routes.edit, { body: form }),
    liveMatchKeys.matches,
    'Failed to update',
  );

/**
 * A delete moves the matches to the trash. The list's bulk delete (useBulkDelete) toasts it with Undo, as
 * every list's does: this says nothing itself, or a delete would toast twice.
 */
export const useDeleteLiveMatches = () =>
  useLiveAction(
    (ids: string[]) => requestApi(routes.remove, { body: { id: ids } }),
    [liveMatchKeys.matches],
    undefined,
    () => {},
  );

export const useLiveMatchStatus = () =>
  useLiveAction(
    ({ id, status }: { id: string; status: boolean }) =>
      requestApi(routes.status, { params: { id }, body: { status } }),
    [liveMatchKeys.matches],
    'Failed to update',
  );

/**
 * Saves the whole map with the version it was read at (when known): the server refuses it (409) when
 * another admin saved the map since. A refusal does not reload the fields: the editor keeps the admin's
 * values and offers the reload.
 */
export const useSaveLiveAds = () =>
  useLiveAction(
    ({ map, version }: { map: LiveAdMap; version: string | undefined }) =>
      requestApi(routes.saveLiveAds, {
        body: version === undefined ? map : { ...map, [EDIT_VERSION_FIELD]: version },
      }),
    [liveMatchKeys.liveAds],
    'Failed to update',
  );

export const useAddWebLiveAd = () =>
  useLiveAction(
    (body: { a_name: string; a_url: string }) => requestApi(routes.addWebAd, { body }),
    [liveMatchKeys.webAds],
  );

/** The web live ad inline edit (its body carries the row's version when it has one). */
export const useEditWebLiveAd = () =>
  useInlineEdit(
    (body: WebLiveAdEdit) => requestApi(routes.editWebAd, { body }),
    liveMatchKeys.webAds,
    'Error updating ad.',
  );

/** A delete moves the ads to the trash: its toast offers Undo. */
export const useDeleteWebLiveAds = () =>
  useLiveAction(
    (ids: string[]) => requestApi(routes.removeWebAds, { body: { id: ids } }),
    [liveMatchKeys.webAds],
    undefined,
    (result, ids) => toastDeleted(result.message, ids),
  );

export const useFireAd = () =>
  useLiveAction(
    (body: FireBody) => requestApi(routes.fire, { body }),
    [liveMatchKeys.history, liveMatchKeys.webAds],
  );

/** A delete moves the fires to the trash: its toast offers Undo. */
export const useDeleteFireHistory = () =>
  useLiveAction(
    (ids: string[]) => requestApi(routes.removeHistory, { body: { id: ids } }),
    [liveMatchKeys.history, liveMatchKeys.webAds],
    undefined,
    (result, ids) => toastDeleted(result.message, ids),
  );
