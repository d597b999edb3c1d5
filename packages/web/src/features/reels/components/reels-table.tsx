import { formatDateTime, formatViewCount } from '@streamdesk/contract/format';
import { REELS_PAGE_SIZE, type Reel, type ReelSort } from '@streamdesk/contract/reels';
import { deleteSelection, SelectCheckbox, useBulkDelete } from '@/ui/bulk-delete';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { ListTable, type ListTableProps } from '@/ui/list-table';
import { RowButton } from '@/ui/row-button';
import { useDeleteReels, useRetryReels } from '../api';
import { RemoteImage } from '@/ui/remote-image';
import { SelectField } from '@/ui/select-field';
import { COUNT_AND_DATE_ORDERS } from '@/ui/sortable-th';
import { useState } from 'react';
import { ReelPlayer } from './reel-player';
import { ProcessingState } from '@/ui/processing-badge';

/** Under 640 px the File and Date headers are hidden: the Sort by select offers every order instead. */
const phoneHidden = 'hidden sm:table-cell';
const COLUMNS = [
  { label: 'No', className: phoneHidden },
  'Thumbnail',
  { label: 'File', className: phoneHidden },
  'View',
  'Click',
  { label: 'Date', className: phoneHidden },
  'Action',
];
const SORTED_BY = {
  File: { column: 'name' },
  View: { column: 'view', descFirst: true },
  Click: { column: 'click', descFirst: true },
  Date: { column: 'date', descFirst: true },
} as const;

const REEL_ORDERS = [
  ...COUNT_AND_DATE_ORDERS,
  { value: 'name', label: 'File name, A to Z' },
  { value: '-name', label: 'File name, Z to A' },
];

/**
 * The Story Reels list of one page: select-all, bulk delete, Play and Delete buttons per row, and headers that
 * sort it (file name, counts, date); on a phone a Sort by select, and each row a card whose lines say
 * the file name and date once (0060).
 */
export function ReelsTable({
  rows,
  page,
  sort,
  onSort,
  list,
}: {
  rows: Reel[];
  page: number;
  sort: ReelSort;
  onSort: (next: string) => void;
  /** The list's states and footer (ListTable's). */
  list: Omit<ListTableProps, 'caption' | 'columns' | 'sorting' | 'selection' | 'isEmpty' | 'children'>;
}) {
  const remove = useDeleteReels();
  const bulk = useBulkDelete(
    rows.map((r) => r._id),
    remove.mutateAsync,
    // The selection does not follow to another page, search or order.
    { toTrash: true, view: `${page} ${sort}` },
  );
  const [playing, setPlaying] = useState<{ reel: Reel; no: number } | null>(null);
  const retry = useRetryReels();

  return (
    <div className="space-y-3">
      <SelectField
        label="Sort by"
        options={REEL_ORDERS}
        value={sort}
        onChange={(e) => onSort(e.target.value)}
        className="w-48 sm:hidden"
      />
      {/* Under 640 px the File and Date heads go (the Sort by select orders by them); the card still has
          their lines, once each. */}
      <ListTable
        {...list}
        caption="Story Reels"
        columns={COLUMNS}
        sorting={{ sort, onSort, columns: SORTED_BY }}
        isEmpty={rows.length === 0}
        selection={deleteSelection(bulk, { write: 'reels', loading: remove.isPending })}
      >
        {rows.map((reel, i) => {
          const no = (page - 1) * REELS_PAGE_SIZE + i + 1;
          return (
            <Tr key={reel._id}>
              <Td>
                <SelectCheckbox
                  label={`Select reel ${no}`}
                  checked={bulk.isSelected(reel._id)}
                  onChange={() => bulk.toggle(reel._id)}
                />
              </Td>
              <Td className="hidden tabular-nums sm:table-cell">{no}</Td>
              <Td>
                <RemoteImage
                  src={reel.thumbnail}
                  alt={`Reel ${no} thumbnail`}
                  loading="lazy"
                  className="h-16 w-12 rounded bg-slate-900 object-cover ring-1 ring-slate-200"
                />
                <ProcessingState
                  item={reel}
                  write="reels"
                  name={`reel ${no}`}
                  retrying={retry.isPending && retry.variables.includes(reel._id)}
                  onRetry={() => retry.mutate([reel._id])}
                />
              </Td>
              <Td className="hidden sm:table-cell">
                <span className="block max-w-64 truncate" title={reel.fileName}>
                  {reel.fileName}
                </span>
              </Td>
              <Td className="tabular-nums">{formatViewCount(reel.view)}</Td>
              <Td className="tabular-nums">{formatViewCount(reel.click)}</Td>
              <Td className="hidden tabular-nums sm:table-cell">{formatDateTime(reel.createdAt)}</Td>
              <Td className={stickyEndCell}>
                <div className="flex justify-end gap-1.5">
                  <RowButton action="Play" of={`reel ${no}`} onClick={() => setPlaying({ reel, no })} />
                  <RowButton
                    write="reels"
                    action="Delete"
                    of={`reel ${no}`}
                    variant="danger"
                    loading={bulk.isDeleting(reel._id)}
                    onClick={() => bulk.ask([reel._id])}
                  />
                </div>
              </Td>
            </Tr>
          );
        })}
      </ListTable>
      <ReelPlayer
        reel={playing?.reel ?? null}
        title={`Reel ${playing?.no ?? ''}`}
        onClose={() => setPlaying(null)}
      />
      <ConfirmMathDialog
        open={bulk.confirming !== null}
        onOpenChange={(open) => !open && bulk.cancel()}
        thing={bulk.confirming && bulk.confirming.length > 1 ? `${bulk.confirming.length} Reels` : 'Reel'}
        confirmLabel="Delete"
        onConfirm={bulk.confirm}
      />
    </div>
  );
}
