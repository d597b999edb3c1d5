import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { loadGotNoAnswer } from '@/lib/api-client';
import { Button } from '@/ui/button';

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
  const [retrying, setRetrying] = useState(false);
  if (!failed) return null;
  const retry = async () => {
    setRetrying(true);
    try {
      await client.refetchQueries({ predicate: isFailedLoad }, { throwOnError: false });
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200"
    >
      <p className="font-medium">{failed}</p>
      <Button variant="secondary" size="sm" loading={retrying} onClick={() => void retry()}>
        Retry
      </Button>
    </div>
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
