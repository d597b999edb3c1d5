import { controllerRoutes } from '@streamdesk/contract/controller';
import type { RouteDef } from '@streamdesk/contract/http';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { callApi, type ApiResult } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { toastSuccess } from '@/ui/toast-success';

export const controllerKey = ['controller'] as const;

export const controllerQuery = queryOptions({
  queryKey: controllerKey,
  queryFn: ({ signal }) => fetchApi(controllerRoutes.get, { signal }),
});

export function useControllerSettings() {
  return useQuery(controllerQuery);
}

type BodyOf<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : never;

/** Reports a save: the server's message, or the spec's fallbacks. */
export function reportSave(result: { status: boolean; message: string }, failure = 'Failed to update') {
  if (result.status) toastSuccess(result.message || 'Updated successfully');
  else toast.error(result.message || failure);
  return result.status;
}

/**
 * One controller call; on success the settings reload (doc 1 section 4). Resolves with whether it
 * worked; the toast is shown here.
 */
export function useControllerSave<R extends RouteDef>(route: R, failure?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<R>) => callApi(route, { body }) as Promise<ApiResult<R>>,
    onSuccess: async (result) => {
      const ok = reportSave(result as { status: boolean; message: string }, failure);
      if (ok) await queryClient.invalidateQueries({ queryKey: controllerKey });
    },
  });
}
