import { SHORTCUT_PAGE_SIZE, shortcutRoutes } from '@streamdesk/contract/shortcut-stories';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';

const keys = { all: ['shortcut-stories'] as const };

/** The admin list as the screen requests it (doc 1 section 7: page 1, limit 100, empty q). */
export const shortcutListQuery = queryOptions({
  queryKey: [...keys.all, 'list'],
  queryFn: ({ signal }) =>
    fetchApi(shortcutRoutes.list, {
      query: { page: 1, limit: SHORTCUT_PAGE_SIZE, q: '', a: 'true' },
      signal,
    }),
});

export function useShortcutList() {
  return useQuery(shortcutListQuery);
}

/** After any success the list reloads (doc 1 section 4). */
function useShortcutMutation<V, R extends { status: boolean }>(call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      if (result.status) void client.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export const useAddShortcut = () =>
  useShortcutMutation((form: FormData) => callApi(shortcutRoutes.add, { body: form }));

export const useEditShortcut = () =>
  useShortcutMutation((form: FormData) => callApi(shortcutRoutes.edit, { body: form }));

export const useDeleteShortcuts = () =>
  useShortcutMutation((ids: string[]) => callApi(shortcutRoutes.remove, { body: { id: ids } }));
