import { formatDateTime, formatViewCount } from '@streamdesk/contract/format';
import { REELS_PAGE_SIZE, type Reel } from '@streamdesk/contract/reels';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/ui/button';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { Table, TBody, Td, Th, THead, toggleAll, toggleSelection, Tr } from '@/ui/data-table';
import { RowActionsMenu } from '@/ui/row-actions-menu';
import { useDeleteReels } from '../api';

/** The Story Reels list of one page: select-all, bulk delete, and a Play/Delete menu per row. */
export function ReelsTable({ rows, page }: { rows: Reel[]; page: number }) {
  const remove = useDeleteReels();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const ids = rows.map((r) => r._id);
  const chosen = ids.filter((id) => selected.has(id));

  const confirmDelete = async () => {
    const target = confirming ?? [];
    setConfirming(null);
    const result = await remove.mutateAsync(target);
    if (result.status) {
      toast.success(result.message, { duration: 2000 });
      setSelected((s) => new Set([...s].filter((id) => !target.includes(id))));
    } else toast.error(result.message || 'Something went wrong!');
  };

  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button
          variant="danger"
          size="sm"
          disabled={chosen.length === 0}
          loading={remove.isPending}
          onClick={() => setConfirming(chosen)}
        >
          Delete selected ({chosen.length})
        </Button>
      </div>
      <Table caption="Story Reels">
        <THead>
          <Th className="w-10">
            <input
              type="checkbox"
              aria-label="Select all reels on this page"
              checked={ids.length > 0 && chosen.length === ids.length}
              onChange={() => setSelected((s) => toggleAll(s, ids))}
              className="size-4 rounded border-slate-300"
            />
          </Th>
          <Th>No</Th>
          <Th>Thumbnail</Th>
          <Th>View</Th>
          <Th>Click</Th>
          <Th className="hidden sm:table-cell">Date</Th>
          <Th className="sticky right-0 shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.2)] sm:static sm:shadow-none bg-slate-50 text-right">
            Action
          </Th>
        </THead>
        <TBody>
          {rows.map((reel, i) => {
            const no = (page - 1) * REELS_PAGE_SIZE + i + 1;
            return (
              <Tr key={reel._id}>
                <Td>
                  <input
                    type="checkbox"
                    aria-label={`Select reel ${no}`}
                    checked={selected.has(reel._id)}
                    onChange={() => setSelected((s) => toggleSelection(s, reel._id))}
                    className="size-4 rounded border-slate-300"
                  />
                </Td>
                <Td className="tabular-nums">{no}</Td>
                <Td>
                  <img
                    src={reel.thumbnail}
                    alt={`Reel ${no} thumbnail`}
                    loading="lazy"
                    className="h-16 w-12 rounded bg-slate-900 object-cover ring-1 ring-slate-200"
                  />
                </Td>
                <Td className="tabular-nums">{formatViewCount(reel.view)}</Td>
                <Td className="tabular-nums">{formatViewCount(reel.click)}</Td>
                <Td className="hidden tabular-nums sm:table-cell">{formatDateTime(reel.createdAt)}</Td>
                <Td className="sticky right-0 shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.2)] sm:static sm:shadow-none bg-white text-right">
                  <RowActionsMenu
                    label={`Actions for reel ${no}`}
                    actions={[
                      {
                        label: 'Play',
                        onSelect: () => window.open(reel.video, '_blank', 'noopener,noreferrer'),
                      },
                      { label: 'Delete', danger: true, onSelect: () => setConfirming([reel._id]) },
                    ]}
                  />
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
      <ConfirmMathDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        thing={confirming && confirming.length > 1 ? `${confirming.length} Reels` : 'Reel'}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
