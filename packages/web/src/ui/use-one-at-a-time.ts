import { useCallback, useRef } from 'react';

/**
 * Runs a form's submit unless its previous one is still in flight, which stays the only one; resolves
 * with the work's result, or undefined for a submit left out. A double-click or a second Enter comes
 * before the button shows busy (the mutation's `isPending` arrives a tick later), and each submit ran
 * the write and its toast: one record (the same change in flight is sent once, lib/write-keys.ts) and its
 * reply toasted twice. The form's own steps (its checks, the picker's state, clearing) run once too.
 */
export function useOneAtATime() {
  const busy = useRef(false);
  return useCallback(async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    try {
      return await work();
    } finally {
      busy.current = false;
    }
  }, []);
}
