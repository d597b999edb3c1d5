import { authRoutes } from '@streamdesk/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from './api-client';

/**
 * The signed-in person (`GET /api/admin/me`): their role, which `access.ts` reads through `RoleContext`.
 * A module of its own, away from `access.ts`: the sign-in page's button imports that, and the query cache
 * it would bring is the signed-in screens' (docs/decisions/0080).
 */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => requestApi(authRoutes.me, { signal }),
  // The chrome asks it on every screen: a failure only hides what needs it, it is no error page.
  meta: { onError: 'log' },
});

export function useMe() {
  return useQuery(meQuery);
}
