import { videoCategoryRoutes } from '@streamdesk/contract/video-categories';
import {
  ADMIN_VIDEO_PAGE_SIZE,
  videoRoutes,
  type VideoSort,
  type WebFilter,
} from '@streamdesk/contract/videos';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-query';
import { requestApi } from '@/lib/api-client';
import { whileProcessing } from '@/lib/processing-poll';
import { useRetryProcessing } from '@/ui/use-retry-processing';

/** The same key and call as the categories screen, so both share one cached list. */
export const videoCategoriesQuery = queryOptions({
  queryKey: ['video-categories'],
  queryFn: ({ signal }) => requestApi(videoCategoryRoutes.list, { signal }),
  meta: { onError: 'log' },
});

export function useVideoCategories() {
  return useQuery(videoCategoriesQuery);
}

export interface LibraryFilter {
  category: string;
  web: WebFilter;
  page: number;
  /** Part of a title or file name ('' for every video). */
  q: string;
  sort: VideoSort;
}

/**
 * A failed load is shown in the page's red banner, never by leaving the screen. Not `enabled`, it waits
 * (the page holds it until it knows the category exists).
 */
export function useVideoLibrary({ category, web, page, q, sort }: LibraryFilter, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['videos', 'library', category, web, page, q, sort],
    queryFn: ({ signal }) =>
      fetchApi(videoRoutes.adminList, {
        params: { category },
        query: { page, limit: ADMIN_VIDEO_PAGE_SIZE, web, sort, ...(q ? { q } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
    // While a video on the page is queued or processing, its state and percent follow by themselves.
    refetchInterval: (query) => whileProcessing(query.state.data),
    meta: { onError: 'log' },
  });
}

/**
 * How many videos the public feed may show (web-enabled, any category): one row asked for, its total
 * read. Zero with videos in the library is a first run's dead end the library explains.
 */
export function useWebVideoCount() {
  return useQuery({
    queryKey: ['videos', 'web-count'],
    queryFn: ({ signal }) =>
      fetchApi(videoRoutes.adminList, {
        params: { category: 'all' },
        query: { page: 1, limit: 1, web: 'true' },
        signal,
      }),
    select: (reply) => (reply.status ? reply.totalRecord : undefined),
    retry: false,
    meta: { onError: 'log' },
  });
}

export function useInvalidateVideos() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['videos'] }),
      client.invalidateQueries({ queryKey: ['video-categories'] }),
    ]);
}

export function useSetWebStatus() {
  const invalidate = useInvalidateVideos();
  return useMutation({
    mutationFn: (body: { id: string[]; status: boolean }) => requestApi(videoRoutes.webStatus, { body }),
    onSuccess: invalidate,
    meta: { onError: 'log' },
  });
}

export function useDeleteVideos() {
  const invalidate = useInvalidateVideos();
  return useMutation({
    mutationFn: (id: string[]) => requestApi(videoRoutes.remove, { body: { id } }),
    onSuccess: invalidate,
    meta: { onError: 'log' },
  });
}

export function useRenameVideo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; title: string }) => requestApi(videoRoutes.rename, { body }),
    // Titles are the library's own: no other list or count changes.
    onSuccess: () => client.invalidateQueries({ queryKey: ['videos', 'library'] }),
    meta: { onError: 'log' },
  });
}

/**
 * The library page words the outcome itself (its toast and banner). The state is the library's own:
 * the feed and the counts do not change until a run ends.
 */
export const useRetryVideos = () => useRetryProcessing(videoRoutes.retry, ['videos', 'library']);
