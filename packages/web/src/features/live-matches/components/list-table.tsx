import type { ReactNode } from 'react';
import { stickyEndHead, Table, TableMessageRow, TBody, Th, THead } from '@/ui/data-table';
import { LOAD_FAILED, useFailedLoadToast } from '@/ui/use-failed-load-toast';

/**
 * A list of this section: the column heads (or a custom head), then loading, the failure message
 * ('Data Not Fetch' when the server gave none; also toasted), an empty note, or the rows.
 */
export function ListTable({
  caption,
  columns,
  head,
  reply,
  isPending,
  isEmpty,
  emptyText,
  children,
}: {
  caption: string;
  columns: readonly string[];
  head?: ReactNode;
  reply: { status: boolean; message: string } | undefined;
  isPending: boolean;
  isEmpty: boolean;
  emptyText: string;
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
        {columns.map((column) => (
          <Th key={column} className={column === 'Actions' ? stickyEndHead : undefined}>
            {column}
          </Th>
        ))}
      </THead>
      <TBody>{message ? <TableMessageRow colSpan={colSpan}>{message}</TableMessageRow> : children}</TBody>
    </Table>
  );
}
