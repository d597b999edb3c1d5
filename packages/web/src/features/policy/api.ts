import { policyRoutes, type PolicyBody } from '@streamdesk/contract/policy';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { fetchApi } from '@/lib/api-query';

export const policyKey = ['policy'] as const;

export const policyQuery = queryOptions({
  queryKey: policyKey,
  queryFn: ({ signal }) => fetchApi(policyRoutes.get, { signal }),
});

export function usePolicy() {
  return useQuery(policyQuery);
}

export function useUpdatePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PolicyBody) => callApi(policyRoutes.update, { body }),
    onSuccess: async (result) => {
      if (result.status) await queryClient.invalidateQueries({ queryKey: policyKey });
    },
  });
}
