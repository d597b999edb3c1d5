import { useCallback, useRef } from 'react';

/**
 * Runs a form's submit unless its previous one is still in flight, which stays the only one. A
 * double-click or a second Enter comes before the Add button shows busy (the mutation's `isPending`
 * arrives a tick later), and each submit ran the write and its toast: one ad (the Idempotency-Key) and
 * two 'Ad added successfully'. The form's own steps (its checks, the picker's state, clearing) run once too.
 */
export function useOneAtATime() {
  const busy = useRef(false);
  return useCallback(async (work: () => Promise<unknown>): Promise<void> => {
    if (busy.current) return;
    busy.current = true;
    try {
      await work();
    } finally {
      busy.current = false;
    }
  }, []);
}
