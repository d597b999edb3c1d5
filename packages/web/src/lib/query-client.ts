import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { ApiCallError, gotNoReply, loadGotNoAnswer, outcomeUnknown, somethingGone } from './api-client';
import { errorPageState } from './error-page-state';
import { currentPlace, navigateTo } from './navigation';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * 'log': a failure is only logged and the previous data stays (the stats poll), and the shell's
       * failed-load alert leaves it out (a poll, or a screen that words its own failure). 'log-refetch':
       * a thrown bug on the first load goes to /Error as usual, but a failed reload of data already
       * shown is only logged (a poll under a form the admin is typing into).
       */
      onError?: 'page' | 'log' | 'log-refetch';
    };
    mutationMeta: {
      /**
       * 'page': a call of this mutation that got no reply goes to /Error too (the in-house upload and
       * status, doc 2). 'log': a thrown error other than a failed call is only logged.
       */
      onError?: 'page' | 'log';
    };
  }
}

/**
 * The rule for "a thrown call navigates to /Error" (doc 1 section 8):
 * - A mutation's call (`requestApi`) rejects with an `ApiCallError` for any failure: a refusal, a
 *   server failure, no reply. That is the screen's to say (its `onError` toasts the message, so
 *   'Internet Server Error' when the network fails); it does not go to /Error, but for a call that got
 *   no reply when the mutation's `meta.onError` is 'page' (the screens the spec sends there).
 * - Query functions (`fetchApi`, `requestApi`) throw an `ApiCallError` when no readable reply arrived
 *   or the server failed (5xx). Such a load stays on its screen: the shell shows its message with a
 *   Retry (app/layout/failed-loads.tsx; issue 36, docs/decisions/0036-failed-loads.md).
 * - Any other thrown query (a refusal thrown by `requestApi`, such as an unknown story id, or a bug),
 *   or a mutation's error other than an `ApiCallError`, navigates to /Error, unless its
 *   `meta.onError` is 'log' (then it is only logged, as the stats poll is). /Error is told the screen
 *   the person was on, for its Try again.
 * - A write with no reply (a network failure, a deadline: lib/deadlines.ts) may still have landed, and
 *   one the server says it is still saving will: every query is reloaded at once and again a few
 *   seconds later (a server that was busy or stalled may finish the write after the first reload), so
 *   the screen shows what the server holds before the admin tries again. A failed reload of data on
 *   screen is then only logged.
 * - Queries and mutations run whatever the browser says of the network (`networkMode: 'always'`):
 *   offline, a call fails at once with 'Internet Server Error', where TanStack Query's default would hold
 *   it, its button spinning, and send it by itself once the network came back.
 */
/** When the queries are reloaded after a write whose outcome is unknown, in ms after it settled. */
export const RELOADS_AFTER_UNKNOWN_WRITE_MS = [0, 3_000, 10_000];

/**
 * How many of those reloads are under way. The network that lost the write may still be down: a failed
 * reload of data already on screen is then only logged, where /Error would throw away what the admin
 * typed into the form.
 */
let unknownWriteReloads = 0;

/** The timers of those reloads still to come (cancelReloadsAfterUnknownWrite). */
const reloadTimers = new Set<ReturnType<typeof setTimeout>>();

function reloadAfterUnknownWrite(client: QueryClient) {
  const reload = () => {
    unknownWriteReloads++;
    void client.invalidateQueries().finally(() => unknownWriteReloads--);
  };
  // Not awaited: the mutation settles now, and the reloads follow.
  for (const ms of RELOADS_AFTER_UNKNOWN_WRITE_MS) {
    const timer = setTimeout(() => {
      reloadTimers.delete(timer);
      reload();
    }, ms);
    reloadTimers.add(timer);
  }
}

/**
 * Cancels the reloads still to come after unknown writes. The app never needs it; the web tests call it
 * after each test: their files share this one client in a worker, and an earlier test's reload 3 or 10 s
 * later reloaded the next test's queries (the in-house processing test counted a read it had not made).
 */
export function cancelReloadsAfterUnknownWrite() {
  for (const timer of reloadTimers) clearTimeout(timer);
  reloadTimers.clear();
}

function createQueryClient(): QueryClient {
  const onError = (error: unknown, mode: 'page' | 'log' | undefined) => {
    console.error(error);
    if (mode !== 'log') navigateTo(paths.error.getHref(), { state: errorPageState(currentPlace()) });
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A load whose call failed stays on its screen, which says so with a Retry (FailedLoads).
        if (loadGotNoAnswer(error)) return void console.error(error);
        const mode = query.meta?.onError;
        const shown = query.state.data !== undefined;
        if (shown && (mode === 'log-refetch' || unknownWriteReloads > 0)) return onError(error, 'log');
        onError(error, mode === 'log-refetch' ? 'page' : mode);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        const mode = mutation.meta?.onError;
        if (error instanceof ApiCallError && !(mode === 'page' && gotNoReply(error))) return;
        onError(error, mode);
      },
      onSettled: (data, error, _vars, _ctx, _mutation, context) => {
        if (outcomeUnknown(data) || outcomeUnknown(error)) reloadAfterUnknownWrite(context.client);
        else if (somethingGone(data) || somethingGone(error)) void context.client.invalidateQueries();
      },
    }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * One client for the page's lifetime. It is provided by the signed-in shell, not at the root, so
 * the login page loads no query code; logout clears it.
 */
export const queryClient = createQueryClient();
