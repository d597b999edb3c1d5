import { isEditConflict } from '@streamdesk/contract/edit-versions';
import { SHORTCUT_PAGE_SIZE, shortcutRoutes } from '@streamdesk/contract/shortcut-stories';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { failureMessage, requestApi } from '@/lib/api-client';
import { toastFailure } from '@/ui/toast-failure';
import { fetchApi } from '@/lib/api-query';

const keys = { all: ['shortcut-stories'] as const };

/**
 * One page of the admin list, in No order: each request asks for the spec's 100 with an empty q (doc 1
 * section 7), and the screen pages through the rest (docs/decisions/0012-lists.md).
 */
export const shortcutListQuery = (page: number) =>
  queryOptions({
    queryKey: [...keys.all, 'list', page],
    queryFn: ({ signal }) =>
      fetchApi(shortcutRoutes.list, {
        query: { page, limit: SHORTCUT_PAGE_SIZE, q: '', a: 'true' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useShortcutList(page: number) {
  return useQuery(shortcutListQuery(page));
}

/**
 * After any success the list reloads (doc 1 section 4), and the write is done only once it has: the add
 * form offers the next No from the reloaded list, so a second add cannot send the No of the first. A
 * failure is toasted (the server's message, or `fallback`).
 */
function useShortcutMutation<V, R>(call: (vars: V) => Promise<R>, fallback?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
    onError: toastFailure(fallback),
  });
}

export const useAddShortcut = () =>
  useShortcutMutation((form: FormData) => requestApi(shortcutRoutes.add, { body: form }));

/**
 * The inline edit; its form carries the version the row was listed at. Refused because the shortcut
 * changed since (409), the list reloads, so the admin sees the other change before editing again.
 */
export function useEditShortcut() {
  const client = useQueryClient();
  return useShortcutMutation(async (form: FormData) => {
    try {
      return await requestApi(shortcutRoutes.edit, { body: form });
    } catch (error) {
      if (isEditConflict(failureMessage(error, ''))) void client.invalidateQueries({ queryKey: keys.all });
      throw error;
    }
  }, 'Failed to update');
}

export const useDeleteShortcuts = () =>
  useShortcutMutation((ids: string[]) => requestApi(shortcutRoutes.remove, { body: { id: ids } }));
