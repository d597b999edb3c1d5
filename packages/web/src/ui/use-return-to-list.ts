import { useLocation } from 'react-router';

/** What a list's way to an edit screen carries (as location state): the list's URL, page and filters. */
export interface FromList {
  from: string;
}

/** The state for a navigation from a list to one of its edit screens. */
export function fromList(location: { pathname: string; search: string }): FromList {
  return { from: location.pathname + location.search };
}

/**
 * Where an edit screen returns, on save or Back: the list URL it was opened from (its page, with the
 * list's filters), when that is the list's own path; else the list's bare path, its first page (the edit
 * screen opened from a bookmark or typed in). See docs/decisions/0012-lists.md.
 */
export function useReturnTo(listPath: string): string {
  const state: unknown = useLocation().state;
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  return typeof from === 'string' && (from === listPath || from.startsWith(`${listPath}?`)) ? from : listPath;
}
