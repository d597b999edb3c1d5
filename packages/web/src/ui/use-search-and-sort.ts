import { useCallback } from 'react';
import type { z } from 'zod';
import type { usePageParam } from './use-page-param';

/**
 * A list's search and order, kept in the URL beside its page (`?q=`, `?sort=`; issue 36): the order the
 * contract's `sort` schema reads (its default when absent or unknown, and then left out of the URL), the
 * trimmed search text, and the setters, which start the list again at page 1.
 */
export function useSearchAndSort<S extends string>(
  { params, setFilter }: Pick<ReturnType<typeof usePageParam>, 'params' | 'setFilter'>,
  sortSchema: z.ZodType<S>,
  fallback: S,
) {
  const q = params.get('q')?.trim() ?? '';
  const sort = sortSchema.safeParse(params.get('sort') ?? undefined).data ?? fallback;
  const onSearch = useCallback((text: string) => setFilter('q', text || undefined), [setFilter]);
  // What a SortableTh asks for, one of the list's orders.
  const onSort = useCallback(
    (next: string) => setFilter('sort', next === fallback ? undefined : next),
    [setFilter, fallback],
  );
  const clearSearch = useCallback(() => setFilter('q', undefined), [setFilter]);
  return { q, sort, onSearch, onSort, clearSearch };
}
