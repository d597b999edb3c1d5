import { controllerRoutes } from '@streamdesk/contract/controller';
import type { RouteDef } from '@streamdesk/contract/http';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { toastFailure } from '@/ui/toast-failure';
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

/**
 * One controller call; on success the settings reload (doc 1 section 4). The outcome is toasted here:
 * the server's message, or the spec's fallbacks ('Updated successfully', `failure`). A failed save
 * rejects, so a form can keep what was typed.
 */
export function useControllerSave<R extends RouteDef>(route: R, failure = 'Failed to update') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<R>) => requestApi(route, { body }),
    onSuccess: async (reply) => {
      toastSuccess((reply as { message?: string }).message || 'Updated successfully');
      await queryClient.invalidateQueries({ queryKey: controllerKey });
    },
    onError: toastFailure(failure),
  });
}
