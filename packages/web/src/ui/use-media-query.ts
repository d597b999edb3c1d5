import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint (48rem, 768 px at the default font size): tables from here, cards below. */
export const MD_UP = '(min-width: 48rem)';

const hasMatchMedia = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * Whether a CSS media query matches, following changes (a window resized, a phone turned). A list that
 * would otherwise render two layouts and hide one with CSS renders only the one that shows. Where the
 * browser has no matchMedia (jsdom), `fallback`.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!hasMatchMedia()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = () => (hasMatchMedia() ? window.matchMedia(query).matches : fallback);
  return useSyncExternalStore(subscribe, matches, () => fallback);
}
