import { STATS_POLL_MS } from '@streamdesk/contract/system-stats';

/**
 * Query options of the figures polled every 5 s (the system stats, the live match viewers). A failed
 * poll (network or `status: false`) keeps the previous values; `onError: 'log'` keeps it from sending
 * the admin to /Error (doc 1 section 8).
 */
export const statsPolling = {
  refetchInterval: STATS_POLL_MS,
  refetchIntervalInBackground: false,
  staleTime: 0,
  retry: false,
  meta: { onError: 'log' },
} as const;

/**
 * Two polls in a row failed: the figures kept are said to be old (docs/decisions/0013-screens.md),
 * so a stalled server is not read as a calm one. One failed poll (a blip) says nothing yet.
 */
export const POLLED_OLD_AFTER_MS = 2 * STATS_POLL_MS;

/**
 * When the kept figures of a polled query are from, if they are old; else undefined. Measured to the last
 * failure, whose time changes with each one: the query re-renders only for the props read, and these are.
 */
export function polledOldSince(query: {
  data: unknown;
  isError: boolean;
  dataUpdatedAt: number;
  errorUpdatedAt: number;
}): number | undefined {
  const { data, isError, dataUpdatedAt, errorUpdatedAt } = query;
  const old = data !== undefined && isError && errorUpdatedAt - dataUpdatedAt >= POLLED_OLD_AFTER_MS;
  return old ? dataUpdatedAt : undefined;
}
