import type { ReactNode } from 'react';
import { Table, TableMessageRow, TBody, Th, THead } from '@/ui/data-table';
import { LOAD_FAILED, useFailedLoadToast } from '@/ui/use-failed-load-toast';
import { actionsHeadClass } from './inline-edit';

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
