import { EDIT_VERSION_FIELD } from '@streamdesk/contract/edit-versions';
import {
  STORY_LIST_LIMIT,
  storyMessages,
  storyRoutes,
  type Story,
  type StoryInsertInput,
  type StorySort,
} from '@streamdesk/contract/stories';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, replyOrReject, requestApi, type ApiResult } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { whileProcessing } from '@/lib/processing-poll';
import { callApiWithProgress, type UploadProgress } from '@/lib/upload';
import { toastFailure } from '@/ui/toast-failure';
import { useRetryProcessing } from '@/ui/use-retry-processing';

/** Story videos and images ('video') or story ads ('ads'): the same entity, two lists. */
export type StoryKind = 'video' | 'ads';

const routesOf = (kind: StoryKind) =>
  kind === 'video'
    ? {
        list: storyRoutes.listVideo,
        find: storyRoutes.findVideo,
        remove: storyRoutes.deleteVideo,
        status: storyRoutes.statusVideo,
        retry: storyRoutes.retryVideo,
      }
    : {
        list: storyRoutes.listAds,
        find: storyRoutes.findAds,
        remove: storyRoutes.deleteAds,
        status: storyRoutes.statusAds,
        retry: storyRoutes.retryAds,
      };

const keys = {
  all: ['stories'] as const,
  list: (kind: StoryKind, view: StoryListView) => ['stories', kind, 'list', view] as const,
  one: (kind: StoryKind, id: string) => ['stories', kind, 'one', id] as const,
};

/** Which page of a story list, searched for what (empty: everything) and in which order (0051). */
export interface StoryListView {
  page: number;
  q: string;
  sort: StorySort;
}

/**
 * One page of up to 200 stories, newest first unless another order is asked: each request asks for the
 * spec's 200 (doc 1 section 9), and the list pages through the rest (docs/decisions/0012-lists.md). The
 * reply carries the page it is, so its rows keep their numbers while the next page loads in their place.
 * A refusal is the list's to say, with its Retry (issue 36); a load with no answer is the shell's.
 */
export const storyListQuery = (kind: StoryKind, view: StoryListView) =>
  queryOptions({
    queryKey: keys.list(kind, view),
    queryFn: async ({ signal }) => ({
      ...(await fetchApi(routesOf(kind).list, {
        query: { page: view.page, limit: STORY_LIST_LIMIT, sort: view.sort, ...(view.q && { q: view.q }) },
        signal,
      })),
      page: view.page,
    }),
    placeholderData: keepPreviousData,
    // While a story video on the page is queued or processing, its state follows by itself (0059).
    refetchInterval: (query) => whileProcessing(query.state.data),
  });

export const storyQuery = (kind: StoryKind, id: string) =>
  queryOptions({
    queryKey: keys.one(kind, id),
    queryFn: ({ signal }) => requestApi(routesOf(kind).find, { query: { id }, signal }),
    staleTime: 0,
    // While its video is queued or processing, the edit page follows its state, and takes the remuxed
    // MP4's URL once ready (the old file is removed): 0059.
    refetchInterval: (query) => whileProcessing(query.state.data),
    // A first load that fails goes to /Error (doc 1); a reload that fails while the form is shown (the
    // story deleted meanwhile: a save's 404 reloads every query) is only logged, and the page keeps the
    // save's own 'not found' toast and the admin's draft.
    meta: { onError: 'log-refetch' },
  });

export const useStoryList = (kind: StoryKind, view: StoryListView) => useQuery(storyListQuery(kind, view));
export const useStory = (kind: StoryKind, id: string) => useQuery(storyQuery(kind, id));

function useInvalidateStories() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}

export function useDeleteStories(kind: StoryKind) {
  const invalidate = useInvalidateStories();
  return useMutation({
    mutationFn: (ids: string[]) => requestApi(routesOf(kind).remove, { body: { id: ids } }),
    onSuccess: () => void invalidate(),
    onError: toastFailure(),
  });
}

export function useStoryStatus(kind: StoryKind) {
  const invalidate = useInvalidateStories();
  return useMutation({
    mutationFn: (vars: { _id: string; status: boolean }) => requestApi(routesOf(kind).status, { body: vars }),
    onSuccess: () => void invalidate(),
    onError: toastFailure('Failed to update'),
  });
}

/** Queues a failed story video's processing again (0059); the list follows the run by itself. */
export const useRetryStories = (kind: StoryKind) =>
  useRetryProcessing(routesOf(kind).retry, keys.all, storyMessages.retryFailed);

export interface StoryUpload {
  insertData: StoryInsertInput;
  video?: File | undefined;
  image?: File | undefined;
  /** Set on edit. */
  id?: string;
  /**
   * On edit, the version the story was loaded at (its find reply's): the server refuses the save when
   * the story changed since (docs/decisions/0009-edit-conflicts.md).
   */
  version?: string | undefined;
  /** Told how much of the file has gone out, when the story carries one. */
  onProgress?: UploadProgress | undefined;
}

function storyForm({ insertData, video, image, id, version }: StoryUpload): FormData {
  const form = new FormData();
  if (id !== undefined) form.append('_id', JSON.stringify(id));
  if (version !== undefined) form.append(EDIT_VERSION_FIELD, version);
  form.append('insertData', JSON.stringify(insertData));
  if (video) form.append('video', video);
  if (image) form.append('image', image);
  return form;
}

type SaveResult = ApiResult<typeof storyRoutes.add>;

/**
 * Add (no id) or edit a story; the lists reload after. A story with a video or image goes with upload
 * progress (docs/decisions/0016-stories.md); either way a failure rejects with an `ApiCallError` (a
 * refused file with the server's reason), as `requestApi` does.
 */
export function useSaveStory() {
  const invalidate = useInvalidateStories();
  return useMutation({
    mutationFn: async ({ onProgress, ...upload }: StoryUpload) => {
      const route = upload.id === undefined ? storyRoutes.add : storyRoutes.edit;
      const body = storyForm(upload);
      const result: SaveResult = await (upload.video || upload.image
        ? callApiWithProgress(route, body, onProgress)
        : callApi(route, { body }));
      return replyOrReject<typeof storyRoutes.add>(result);
    },
    onSuccess: () => void invalidate(),
  });
}

export type { Story };
