import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that is the same at every render and calls the latest render's `fn`. For what a page
 * hands to memoised list rows: with a new function at each render every row would render again, at each
 * step of a long list's drawing and each poll.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
