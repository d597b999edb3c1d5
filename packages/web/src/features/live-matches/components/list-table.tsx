import type { ReactNode } from 'react';
import { Table, TableMessageRow, TBody, Th, THead } from '@/ui/data-table';
import { actionsHeadClass } from './inline-edit';

/**
 * A list of this section: the column heads (or a custom head), then loading, the failure message
 * ('Data Not Fetch' when the server gave none), an empty note, or the rows.
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
  const colSpan = columns.length + (head ? 1 : 0);
  const message = isPending
    ? 'Loading…'
    : !reply?.status
      ? reply?.message || 'Data Not Fetch'
      : isEmpty
        ? emptyText
        : undefined;
  return (
    <Table caption={caption}>
      <THead>
        {head}
        {columns.map((column) => (
          <Th key={column} className={column === 'Actions' ? actionsHeadClass : undefined}>
            {column}
          </Th>
        ))}
      </THead>
      <TBody>{message ? <TableMessageRow colSpan={colSpan}>{message}</TableMessageRow> : children}</TBody>
    </Table>
  );
}
