import type { ReactNode } from 'react';
import { stickyEndHead, Table, TableMessageRow, TBody, Th, THead, VisibleWidth } from '@/ui/data-table';
import { SortableTh } from '@/ui/sortable-th';
import { LOAD_FAILED, useFailedLoadToast } from '@/ui/use-failed-load-toast';

/** The headers that order a list (by their label), the list's order, and what a header click asks for. */
export interface ListSorting {
  sort: string;
  onSort: (next: string) => void;
  /** A header's column in the list's `sort`; dates and counts sort highest (newest) first. */
  columns: Readonly<Partial<Record<string, { column: string; descFirst?: boolean }>>>;
}

/**
 * A list of this section: the column heads (or a custom head; those `sorting` names order the list),
 * then loading, the failure message ('Data Not Fetch' when the server gave none; also toasted), an empty
 * note (a search that found nothing says so), or the rows.
 */
export function ListTable({
  caption,
  columns,
  head,
  reply,
  isPending,
  isEmpty,
  emptyText,
  sorting,
  children,
}: {
  caption: string;
  columns: readonly string[];
  head?: ReactNode;
  reply: { status: boolean; message: string } | undefined;
  isPending: boolean;
  isEmpty: boolean;
  emptyText: ReactNode;
  sorting?: ListSorting;
  children: ReactNode;
}) {
  useFailedLoadToast(reply);
  const colSpan = columns.length + (head ? 1 : 0);
  const message = isPending
    ? 'Loading…'
    : !reply?.status
      ? reply?.message || LOAD_FAILED
      : isEmpty
        ? emptyText
        : undefined;
  return (
    // A container, so that an edit row can size its form to the box's visible width (see InlineEditRow).
    <Table caption={caption} className="@container">
      <THead>
        {head}
        {columns.map((label) => {
          const className = label === 'Actions' ? stickyEndHead : undefined;
          const by = sorting?.columns[label];
          return by ? (
            <SortableTh
              key={label}
              column={by.column}
              label={label}
              sort={sorting.sort}
              onSort={sorting.onSort}
              descFirst={by.descFirst}
              className={className}
            />
          ) : (
            <Th key={label} className={className}>
              {label}
            </Th>
          );
        })}
      </THead>
      <TBody>
        {message ? (
          <TableMessageRow colSpan={colSpan}>
            <VisibleWidth>{message}</VisibleWidth>
          </TableMessageRow>
        ) : (
          children
        )}
      </TBody>
    </Table>
  );
}
