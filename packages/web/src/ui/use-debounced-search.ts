import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 500;

/** The search text to query with: typed text waits 500 ms, clearing the box applies at once. */
export function useDebouncedSearch(text: string, delay = SEARCH_DEBOUNCE_MS): string {
  const [applied, setApplied] = useState(text.trim());
  useEffect(() => {
    const next = text.trim();
    if (next === '') {
      setApplied('');
      return;
    }
    const timer = setTimeout(() => setApplied(next), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return applied;
}
