import { accountRoutes, type PasswordChangeBody } from '@streamdesk/contract/account';
import { twoStepRoutes } from '@streamdesk/contract/two-step';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { teamKey } from '@/lib/access';
import { meQuery } from '@/lib/me-query';
import { requestApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';
import { toastFailure } from '@/ui/toast-failure';

export const accountSessionsKey = ['account', 'sessions'] as const;

export const accountSessionsQuery = queryOptions({
  queryKey: accountSessionsKey,
  queryFn: ({ signal }) => fetchApi(accountRoutes.sessions, { signal }),
});

export function useAccountSessions() {
  return useQuery(accountSessionsQuery);
}

/** Renames oneself; the name in `me` (the shell's, Team's "(you)") follows. */
export function useRename() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => requestApi(accountRoutes.rename, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

/** Changes one's password; the other sessions end with it, so the list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => requestApi(accountRoutes.changePassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestApi(accountRoutes.endSession, { params: { id } }),
    onError: toastFailure('Failed to sign out that session'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestApi(accountRoutes.endOtherSessions),
    onError: toastFailure('Failed to sign out the other sessions'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}

export const twoStepKey = ['account', 'two-step'] as const;

/** One's own two-step sign-in turned on or off: the Team list's Two-step column says it too. */
const twoStepChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: twoStepKey }),
    queryClient.invalidateQueries({ queryKey: teamKey }),
  ]);

export function useTwoStep() {
  return useQuery({
    queryKey: twoStepKey,
    queryFn: ({ signal }) => fetchApi(twoStepRoutes.status, { signal }),
  });
}

/** A new secret to scan; nothing changes until a code of it is confirmed. */
export function useStartTwoStep() {
  return useMutation({
    mutationFn: () => requestApi(twoStepRoutes.start),
    onError: toastFailure('Could not start setting up two-step sign-in'),
  });
}

export function useConfirmTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => requestApi(twoStepRoutes.confirm, { body: { code } }),
    onSuccess: () => twoStepChanged(queryClient),
  });
}

export function useDisableTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string) => requestApi(twoStepRoutes.disable, { body: { currentPassword } }),
    onSuccess: () => twoStepChanged(queryClient),
  });
}
