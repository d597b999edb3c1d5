import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The highest page a URL can ask for. Past any list's last page (a list of 200 a page would hold 200
 * million rows), and low enough that the offset it makes with the largest page size (1,000) stays a
 * small whole number for the database. A higher page is read as this one, then stepped back to the last.
 */
export const MAX_PAGE = 1_000_000;

/** The page a `?page=` value names: plain digits from 1 up (at most MAX_PAGE); anything else is page 1. */
export function readPage(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  return Math.min(Math.max(1, Number(value)), MAX_PAGE);
}

export interface PageNavigation {
  /** Replace the current history entry instead of adding one (Back then skips it). */
  replace?: boolean;
}

/**
 * The page of a paged list, kept in the URL's `?page=` (docs/decisions/0012-lists.md), so a reload,
 * Back, a bookmark or an edit screen's return finds the same page. Page 1 is the bare path. `setPage`
 * adds a history entry unless told to replace; `setFilter` sets another of the list's parameters (empty
 * leaves it out) and starts the list again at page 1. Other parameters are kept as they are.
 */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('page');
  const page = readPage(raw);

  const setPage = useCallback(
    (next: number, options: PageNavigation = {}) =>
      setParams((current) => {
        if (next > 1) current.set('page', String(Math.min(Math.trunc(next), MAX_PAGE)));
        else current.delete('page');
        return current;
      }, options),
    [setParams],
  );

  const setFilter = useCallback(
    (name: string, value: string | undefined, options: PageNavigation = {}) =>
      setParams((current) => {
        if (value) current.set(name, value);
        else current.delete(name);
        current.delete('page');
        return current;
      }, options),
    [setParams],
  );

  // A page written another way (`?page=1`, `?page=02`, `?page=x`, `?page=-3`) is put as the list writes it,
  // in place of the entry: page 1 bare, others in plain digits.
  const written = page > 1 ? String(page) : null;
  useEffect(() => {
    if (raw !== written) setPage(page, { replace: true });
  }, [raw, written, page, setPage]);

  return { page, setPage, setFilter, params };
}

/**
 * Past the list's last page (its last rows deleted, or a bookmark of a page that has gone), shows the page
 * that now is the last, in place of the history entry. `lastPage` is the list's own reply's page count
 * (0 for an empty list), undefined until that reply has come (not while the last page stands in for it).
 */
export function useStepBackToLastPage(
  { page, setPage }: Pick<ReturnType<typeof usePageParam>, 'page' | 'setPage'>,
  lastPage: number | undefined,
) {
  useEffect(() => {
    if (lastPage !== undefined && page > Math.max(1, lastPage)) setPage(lastPage, { replace: true });
  }, [page, lastPage, setPage]);
}
