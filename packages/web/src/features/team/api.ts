import { securityRoutes, type SecuritySettings } from '@streamdesk/contract/security';
import {
  teamRoutes,
  type PasswordSetBody,
  type TeamAddBody,
  type TeamUpdateBody,
} from '@streamdesk/contract/team';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { teamKey } from '@/lib/access';
import { requestApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { toastFailure } from '@/ui/toast-failure';

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

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestApi(teamRoutes.resetPassword, { params: { id } }),
    onError: toastFailure('Failed to reset the password'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useRevokeSessions() {
  return useMutation({
    mutationFn: (id: string) => requestApi(teamRoutes.revokeSessions, { params: { id } }),
    onError: toastFailure('Failed to sign them out'),
  });
}

export function useClearSignInLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestApi(teamRoutes.clearSignInLock, { params: { id } }),
    onError: toastFailure('Failed to clear the sign-in lock'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export const securityKey = ['security'] as const;

/** The team's security settings (owner only), shown on the Team screen. */
export function useSecurity() {
  return useQuery({
    queryKey: securityKey,
    queryFn: ({ signal }) => fetchApi(securityRoutes.get, { signal }),
  });
}

export function useUpdateSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => requestApi(securityRoutes.update, { body }),
    onError: toastFailure('Failed to save the security settings'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKey }),
  });
}
