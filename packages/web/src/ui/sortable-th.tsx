import { parseSort } from '@streamdesk/contract/http';
import { cn } from '@/lib/cn';
import { Th } from './data-table';
import { SortableIcon, SortDownIcon, SortUpIcon } from './icons';

/**
 * A column header that orders the list (issue 36: sorting by column headers, kept in the URL). `sort` is the
 * list's order as its `?sort=` says it ('title' ascending, '-title' descending). A click on the column the
 * list is sorted by turns the order round; a click on another sorts by it, highest or newest first when
 * `descFirst` (dates and counts), A to Z otherwise. The header's `aria-sort` says the order to a screen
 * reader; the button is named by the column's label alone, as a sighted person reads it.
 */
export function SortableTh({
  column,
  label,
  sort,
  onSort,
  descFirst = false,
  className,
}: {
  column: string;
  label: string;
  sort: string;
  onSort: (next: string) => void;
  descFirst?: boolean;
  className?: string;
}) {
  const current = parseSort(sort);
  const sorted = current.column === column;
  const desc = sorted ? !current.desc : descFirst;
  const Arrow = !sorted ? SortableIcon : current.desc ? SortDownIcon : SortUpIcon;
  return (
    <Th className={className} aria-sort={sorted ? (current.desc ? 'descending' : 'ascending') : undefined}>
      <button
        type="button"
        onClick={() => onSort(desc ? `-${column}` : column)}
        className={cn(
          '-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
          sorted && 'text-slate-900',
        )}
      >
        {label}
        <Arrow className={cn('size-3.5', !sorted && 'text-slate-400')} />
      </button>
    </Th>
  );
}

/**
 * The orders of a list of dated, counted items as a phone's Sort by select names them: there the sortable
 * headers are hidden (story cards, the reels' narrow table) and the select sets the same `?sort=`.
 */
export const COUNT_AND_DATE_ORDERS: readonly { value: string; label: string }[] = [
  { value: '-date', label: 'Newest first' },
  { value: 'date', label: 'Oldest first' },
  { value: '-view', label: 'Most viewed' },
  { value: 'view', label: 'Least viewed' },
  { value: '-click', label: 'Most clicked' },
  { value: 'click', label: 'Least clicked' },
];
