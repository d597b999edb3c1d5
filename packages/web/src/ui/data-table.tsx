import { useId, useRef, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useKeepFocusInList } from './use-keep-focus-in-list';
import { cueId, SideScrollCues } from './side-scroll-cues';
import { useSideScroll } from './use-side-scroll';

/**
 * A dense table in a card that scrolls sideways on narrow screens; `caption` is its accessible name.
 * While it is wider than its box, each edge with columns past it shows a cue (SideScrollCues), which the
 * box's description says in words, and the box is a named region in the Tab order, so that arrow keys
 * scroll it; a table that fits shows nothing of this (docs/decisions/0013).
 */
export function Table({
  caption,
  children,
  className,
}: {
  caption: string;
  children: ReactNode;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const more = useSideScroll(box);
  const id = useId();
  const scrolls = more.left || more.right;
  const cues = [more.left && cueId(id, 'left'), more.right && cueId(id, 'right')].filter(Boolean).join(' ');
  return (
    <div className="relative">
      {/* `relative`: a visually hidden header (an sr-only "Actions") is placed against this box, so a table
          scrolled sideways on a phone does not widen the page with it. */}
      <div
        ref={box}
        className={cn(
          'relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200',
          className,
        )}
        {...(scrolls && {
          role: 'region',
          'aria-label': `${caption}, scrolls sideways`,
          'aria-describedby': cues,
          tabIndex: 0,
        })}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
      {scrolls && <SideScrollCues box={box} more={more} id={id} />}
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-slate-50">
      <tr>{children}</tr>
    </thead>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'px-2 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase sm:px-3',
        className,
      )}
      {...props}
    />
  );
}

/** The rows; focus stays in the table when the row holding it is deleted (useKeepFocusInList). */
export function TBody({ children }: { children: ReactNode }) {
  const ref = useKeepFocusInList<HTMLTableSectionElement>();
  return (
    <tbody ref={ref} className="divide-y divide-slate-100">
      {children}
    </tbody>
  );
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('group/row hover:bg-slate-50/70', className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td
      className={cn('px-2 py-2 align-middle whitespace-nowrap text-slate-700 sm:px-3', className)}
      {...props}
    />
  );
}

/** A full-width row for loading and empty states. */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-10 text-center text-sm text-slate-500">
        {children}
      </td>
    </tr>
  );
}

/**
 * A message row's content held to the visible width of its table's box, when that box is an `@container`
 * (Table's className): on a phone a table wider than the screen scrolls sideways, and a note or an empty
 * state spanning every column would be cut at the screen's edge.
 */
export function VisibleWidth({ children }: { children: ReactNode }) {
  return <div className="sticky left-3 w-[calc(100cqw-1.5rem)]">{children}</div>;
}

/** Which rows are selected, for bulk deletes: toggles one id, or all of `ids` at once. */
export function toggleSelection(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export function toggleAll(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  return allSelected ? new Set() : new Set(ids);
}

/**
 * The Actions column (the last one) of a table with row actions, at every width: it stays at the right
 * edge while a wide row scrolls sideways under it, so Edit and Delete are always in reach. Its background
 * is opaque for that reason; the cell's follows the row's hover. Put `stickyEndHead` on its header and
 * `stickyEndCell` on each row's cell.
 */
const stickyEnd = 'sticky right-0 z-[1] shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.2)]';
export const stickyEndHead = `${stickyEnd} bg-slate-50`;
export const stickyEndCell = `${stickyEnd} bg-white group-hover/row:bg-slate-50`;
