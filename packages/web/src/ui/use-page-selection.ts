import { useCallback, useState } from 'react';
import { toggleAll as toggleAllOf, toggleSelection } from './data-table';

/**
 * A list's bulk selection, which belongs to the rows on screen (docs/decisions/0058-one-list-component.md,
 * "Page selections"). `pageIds` are the page's rows in order. Another `resetOn` (the list's page, search,
 * filter and order, as one string) starts a fresh selection, however it came (the pager, Back, a step
 * back). `excluding` leaves rows out of `chosen` (rows whose delete is in flight: asking again would only
 * come back 'not found'). `chosen` is what the bulk bar counts and its actions send: the ticked rows of
 * this page, never an id that left it.
 */
export function usePageSelection(
  pageIds: readonly string[],
  { resetOn, excluding }: { resetOn?: string; excluding?: (id: string) => boolean } = {},
) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Adjusted while rendering, as React advises for state that follows other state: the first render of
  // a new page already shows nothing ticked.
  const [selectedOn, setSelectedOn] = useState(resetOn);
  if (selectedOn !== resetOn) {
    setSelectedOn(resetOn);
    setSelected(new Set());
  }
  const chosen = pageIds.filter((id) => selected.has(id) && !excluding?.(id));

  // Stable, so memoised rows that take them re-render only when their own props change.
  const toggle = useCallback((id: string) => setSelected((s) => toggleSelection(s, id)), []);
  const forget = useCallback(
    (ids: readonly string[]) => setSelected((s) => new Set([...s].filter((id) => !ids.includes(id)))),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);

  return {
    selected,
    chosen,
    allSelected: pageIds.length > 0 && chosen.length === pageIds.length,
    isSelected: (id: string) => selected.has(id),
    toggle,
    toggleAll: () => setSelected((s) => toggleAllOf(s, pageIds)),
    forget,
    clear,
  };
}
