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
