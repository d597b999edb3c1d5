import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { loadGotNoAnswer } from '@/lib/api-client';
import { LoadError } from '@/ui/load-error';

/**
 * A load on the screen that failed before anything came (no reply, or a server failure): the screen
 * stays, and this says the call's message (the spec's 'Internet Server Error', or the deadline's) with
 * a Retry that loads those queries again. One place for every screen (issue 36): a query only the
 * screen words (`meta.onError: 'log'`, the polls and the screens with their own banner) is left out.
 */
export function FailedLoads() {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const failed = useSyncExternalStore(
    useCallback((onChange) => cache.subscribe(onChange), [cache]),
    () => failedMessages(cache.getAll()),
  );
  if (!failed) return null;
  return (
    <LoadError
      className="mb-4"
      message={failed}
      onRetry={() => client.refetchQueries({ predicate: isFailedLoad }, { throwOnError: false })}
    />
  );
}

function isFailedLoad(query: Query): boolean {
  const { status, data, error } = query.state;
  return (
    status === 'error' &&
    data === undefined &&
    loadGotNoAnswer(error) &&
    query.meta?.onError !== 'log' &&
    query.isActive()
  );
}

/** The failed loads' messages, each once, as one string (a stable snapshot for React). */
function failedMessages(queries: readonly Query[]): string {
  const messages = new Set(queries.filter(isFailedLoad).map((query) => query.state.error!.message));
  return [...messages].join(' ');
}
