import {
  controllerScheduleRoutes as routes,
  type ScheduleBody,
} from '@streamdesk/contract/controller-schedules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { toastFailure } from '@/ui/toast-failure';
import { toastSuccess } from '@/ui/toast-success';
import { controllerKey } from './api';

export const schedulesKey = [...controllerKey, 'schedules'] as const;

export const schedulesQuery = queryOptions({
  queryKey: schedulesKey,
  queryFn: ({ signal }) => fetchApi(routes.list, { signal }),
  // A change applied by schedule shows without a reload.
  refetchInterval: 5000,
});

export const useSchedules = () => useQuery(schedulesQuery);

/** Add (no id), edit or cancel a scheduled change; the list and the settings reload after it. */
export function useScheduleWrite() {
  const queryClient = useQueryClient();
  const done = async (reply: { message: string }) => {
    toastSuccess(reply.message);
    await queryClient.invalidateQueries({ queryKey: controllerKey });
  };
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: ScheduleBody }) =>
        id ? requestApi(routes.update, { params: { id }, body }) : requestApi(routes.add, { body }),
      onSuccess: done,
      onError: toastFailure('Failed to schedule the change'),
    }),
    cancel: useMutation({
      mutationFn: (id: string) => requestApi(routes.cancel, { params: { id } }),
      onSuccess: done,
      onError: toastFailure('Failed to cancel the scheduled change'),
    }),
  };
}
