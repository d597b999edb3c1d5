import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { isTimedOut } from './deadlines';
import { navigateTo } from './navigation';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * 'log': a failure is only logged and the previous data stays (the stats poll). 'log-refetch': the
       * first load goes to /Error as usual, but a failed reload of data already shown is only logged
       * (a poll under a form the admin is typing into).
       */
      onError?: 'page' | 'log' | 'log-refetch';
    };
    mutationMeta: {
      onError?: 'page' | 'log';
    };
  }
}

/**
 * The rule for "a thrown call navigates to /Error" (doc 1 section 8):
 * - `callApi` never throws; server errors arrive as `{ status: false, message }` and screens toast
 *   the message. Mutations therefore toast 'Internet Server Error' when the network fails.
 * - Query functions (`fetchApi`, `fetchApiOk`) throw when no readable reply arrived, and so does
 *   any bug inside a query function or mutation. Such a thrown query or mutation navigates to
 *   /Error, unless its `meta.onError` is 'log' (then it is only logged, as the stats poll is).
 * - A write past its deadline (lib/deadlines.ts) may still have landed: every query is reloaded, so
 *   the screen shows what the server holds before the admin tries again.
 */
function createQueryClient(): QueryClient {
  const onError = (error: unknown, mode: 'page' | 'log' | undefined) => {
    console.error(error);
    if (mode !== 'log') navigateTo(paths.error.getHref());
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const mode = query.meta?.onError;
        if (mode !== 'log-refetch') return onError(error, mode);
        onError(error, query.state.data === undefined ? 'page' : 'log');
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => onError(error, mutation.meta?.onError),
      onSettled: (data, error, _vars, _ctx, _mutation, context) => {
        // Not returned: the mutation settles now, and the reloads follow.
        if (isTimedOut(data) || isTimedOut(error)) void context.client.invalidateQueries();
      },
    }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * One client for the page's lifetime. It is provided by the signed-in shell, not at the root, so
 * the login page loads no query code; logout clears it.
 */
export const queryClient = createQueryClient();
