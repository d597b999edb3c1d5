import { authRoutes } from '@streamdesk/contract/auth';
import { mayCall, type Access, type Feature } from '@streamdesk/contract/roles';
import {
  teamRoutes,
  type PasswordSetBody,
  type TeamAddBody,
  type TeamUpdateBody,
} from '@streamdesk/contract/team';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { toastFailure } from '@/ui/toast-failure';

/** The signed-in person and their role's grants (GET /api/admin/me). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => requestApi(authRoutes.me, { signal }),
  // The chrome asks it on every screen: a failure only hides what needs it, it is no error page.
  meta: { onError: 'log' },
});

export function useMe() {
  return useQuery(meQuery);
}

/** Whether the signed-in person may read or change a feature; undefined while that is not known yet. */
export function useMay(feature: Feature, access: Access): boolean | undefined {
  const role = useMe().data?.data.role;
  return role && mayCall(role, feature, access);
}

export const teamKey = ['team'] as const;

export const teamQuery = queryOptions({
  queryKey: teamKey,
  queryFn: ({ signal }) => fetchApi(teamRoutes.list, { signal }),
});

export function useTeam() {
  return useQuery(teamQuery);
}

export function useAddPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamAddBody) => requestApi(teamRoutes.add, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TeamUpdateBody & { id: string }) =>
      requestApi(teamRoutes.update, { params: { id }, body }),
    onError: toastFailure('Failed to update the person'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export const setPassword = (body: PasswordSetBody) => requestApi(teamRoutes.setPassword, { body });
