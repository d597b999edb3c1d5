import { policyRoutes, type PolicyBody } from '@streamdesk/contract/policy';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '@/lib/api-client';
import { toastFailure } from '@/ui/toast-failure';
import { fetchApi } from '@/lib/api-query';

export const policyKey = ['policy'] as const;

export const policyQuery = queryOptions({
  queryKey: policyKey,
  queryFn: ({ signal }) => fetchApi(policyRoutes.get, { signal }),
});

export function usePolicy() {
  return useQuery(policyQuery);
}

/**
 * The update, with the version the edit opened with. Only a save reloads the policy: after a refusal
 * because another admin saved it since (409), the form keeps the draft and offers the reload.
 */
export function useUpdatePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PolicyBody) => requestApi(policyRoutes.update, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKey }),
    onError: toastFailure('Failed to update policy'),
  });
}
