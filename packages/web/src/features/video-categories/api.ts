import { EDIT_VERSION_FIELD } from '@streamdesk/contract/edit-versions';
import { categoryMessages, videoCategoryRoutes } from '@streamdesk/contract/video-categories';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { failureMessage, refusedOrNoReply, requestApi } from '@/lib/api-client';

/** The videos screens read the same list under this key, so a change here refreshes them too. */
export const categoriesKey = ['video-categories'] as const;

export const categoriesQuery = queryOptions({
  queryKey: categoriesKey,
  queryFn: ({ signal }) => requestApi(videoCategoryRoutes.list, { signal }),
  meta: { onError: 'log' },
});

export function useCategories() {
  return useQuery(categoriesQuery);
}

export interface CategoryInput {
  id?: string;
  name: string;
  image: File | null;
  /** An edit's: the version the row had when Edit was pressed (the server refuses it when changed since). */
  version?: string | undefined;
}

function categoryForm({ id, name, image, version }: CategoryInput): FormData {
  const form = new FormData();
  if (id) form.append('id', id);
  form.append('name', name);
  if (version) form.append(EDIT_VERSION_FIELD, version);
  if (image) form.append('image', image);
  return form;
}

/** Every category write also changes what the video screens show (counts, the feed). */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: categoriesKey }),
      client.invalidateQueries({ queryKey: ['videos'] }),
    ]);
}

/**
 * Toasts a failed category write: the server's refusal (its message, or `fallback`), or `noReply` when
 * none came (or the write threw: the mutation cache opens /Error too).
 */
const toastCategoryFailure =
  (noReply: string, fallback = noReply) =>
  (error: Error) =>
    void toast.error(refusedOrNoReply(error, failureMessage(error, fallback), noReply));

export function useSaveCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CategoryInput) =>
      requestApi(input.id ? videoCategoryRoutes.update : videoCategoryRoutes.add, {
        body: categoryForm(input),
      }),
    onSuccess: invalidate,
    onError: (error, input) =>
      toastCategoryFailure(
        categoryMessages.somethingWrong,
        input.id ? categoryMessages.updateFailed : categoryMessages.addFailed,
      )(error),
  });
}

export function useToggleCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => requestApi(videoCategoryRoutes.toggleStatus, { params: { id } }),
    onSuccess: invalidate,
    onError: toastCategoryFailure(categoryMessages.statusFailed),
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => requestApi(videoCategoryRoutes.remove, { params: { id } }),
    onSuccess: invalidate,
    onError: toastCategoryFailure(categoryMessages.deleteFailed),
  });
}
