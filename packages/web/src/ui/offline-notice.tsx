import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';

export const OFFLINE_MESSAGE = 'You are offline. Changes cannot be saved until the connection is back.';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network (`navigator.onLine`; false is the reliable answer). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Says so while the browser is offline: a save made then fails at once ('Internet Server Error', see
 * lib/query-client.ts) and nothing is sent later by itself. The live region is always there, so the
 * notice is announced when it appears.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div
      role="status"
      className={cn(
        online
          ? 'sr-only'
          : 'fixed bottom-4 left-1/2 z-50 w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 rounded-md bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 shadow-md ring-1 ring-amber-600/30',
      )}
    >
      {online ? '' : OFFLINE_MESSAGE}
    </div>
  );
}
