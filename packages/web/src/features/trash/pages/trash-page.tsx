import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '@streamdesk/contract/format';
import { FEATURE_NAMES, FEATURES, type Feature } from '@streamdesk/contract/roles';
import type { TrashItem } from '@streamdesk/contract/trash';
import { unlessFailed } from '@/lib/api-client';
import { useMay } from '@/lib/access';
import { Button } from '@/ui/button';
import { SelectCheckbox } from '@/ui/bulk-delete';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { inputClass } from '@/ui/field';
import { PageHeader } from '@/ui/page-header';
import { ListTable } from '@/ui/list-table';
import { RemoteImage } from '@/ui/remote-image';
import { showingRange } from '@/ui/showing-range';
import { toastSuccess } from '@/ui/toast-success';
import { usePageSelection } from '@/ui/use-page-selection';
import { usePurge, useRestore, useTrash } from '../api';

const PAGE_SIZE = 50;
const COLUMNS = [
  'Item',
  { label: 'Feature', className: 'hidden md:table-cell' },
  { label: 'Deleted by', className: 'hidden lg:table-cell' },
  { label: 'Deleted', className: 'hidden lg:table-cell' },
  { label: 'Days left', className: 'hidden sm:table-cell' },
  { label: 'Action', className: 'text-right' },
];
const DAY_MS = 24 * 60 * 60 * 1000;
/** The features whose deletes go to the trash, for the filter (the trash's own are not among them). */
const FILTERABLE = FEATURE_NAMES.filter(
  (f) =>
    ![
      'account',
      'system-stats',
      'analytics',
      'team',
      'activity',
      'trash',
      'trash-purge',
      'security',
    ].includes(f),
);

const daysLeft = (item: TrashItem, now = Date.now()) =>
  Math.max(0, Math.ceil((Date.parse(item.purgeAt) - now) / DAY_MS));
const featureWords = (feature: string) => FEATURES[feature as Feature] ?? feature;

/** Deleted items (every role reads; editors restore; the owner and admins delete forever). */
export default function TrashPage() {
  const [params, setParams] = useSearchParams();
  const feature = FILTERABLE.find((f) => f === params.get('feature'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const trash = useTrash(feature, page, PAGE_SIZE);
  const reply = trash.data?.status ? trash.data : undefined;
  const items = reply?.data ?? [];
  const restore = useRestore();
  const purge = usePurge();
  const mayPurge = useMay('trash-purge', 'write');
  // Another feature or page, however it came (the controls, Back): a fresh selection.
  const selection = usePageSelection(
    items.map((i) => i._id),
    { resetOn: `${feature} ${page}` },
  );
  const { chosen, forget } = selection;
  const [purging, setPurging] = useState<string[] | null>(null);

  const show = (next: { feature?: string; page?: number }) => {
    const search = new URLSearchParams();
    const f = 'feature' in next ? next.feature : feature;
    if (f) search.set('feature', f);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const restoreNow = async (ids: string[]) => {
    const result = await unlessFailed(restore.mutateAsync(ids));
    if (!result) return;
    toastSuccess(result.message);
    forget(ids);
  };
  const purgeNow = async () => {
    const ids = purging ?? [];
    setPurging(null);
    const result = await unlessFailed(purge.mutateAsync(ids));
    if (!result) return;
    toastSuccess(result.message);
    forget(ids);
  };
  const busy = restore.isPending || purge.isPending;

  return (
    <>
      <PageHeader
        title="Trash"
        description="Deleted items stay here with their counts and files until they are restored, deleted forever, or their days run out."
      />
      <div className="flex flex-wrap items-end justify-between gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <div className="space-y-1.5">
          <label htmlFor="trash-feature" className="block text-sm font-medium text-slate-700">
            Feature
          </label>
          <select
            id="trash-feature"
            value={feature ?? ''}
            onChange={(e) => show({ feature: e.target.value, page: 1 })}
            className={`${inputClass} w-52`}
          >
            <option value="">All</option>
            {FILTERABLE.map((f) => (
              <option key={f} value={f}>
                {FEATURES[f]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-4">
        <ListTable
          caption="Trash"
          columns={COLUMNS}
          reply={trash.data}
          onRetry={trash.refetch}
          isPending={trash.isPending}
          isEmpty={items.length === 0}
          emptyText="The trash is empty."
          selection={{
            allSelected: selection.allSelected,
            onToggleAll: selection.toggleAll,
            count: chosen.length,
            actions: (
              <>
                <Button
                  size="sm"
                  write="trash"
                  disabled={chosen.length === 0}
                  loading={restore.isPending}
                  onClick={() => void restoreNow(chosen)}
                >
                  Restore selected ({chosen.length})
                </Button>
                {mayPurge && (
                  <Button
                    size="sm"
                    variant="danger"
                    write="trash-purge"
                    disabled={chosen.length === 0}
                    loading={purge.isPending}
                    onClick={() => setPurging(chosen)}
                  >
                    Delete selected forever ({chosen.length})
                  </Button>
                )}
              </>
            ),
          }}
          paging={{
            page,
            totalPages: reply?.totalPage ?? 1,
            onPageChange: (p) => show({ page: p }),
            showing:
              reply && showingRange((page - 1) * PAGE_SIZE, items.length, reply.total, ['item', 'items']),
          }}
        >
          {items.map((item) => (
            <Tr key={item._id}>
              <Td>
                <SelectCheckbox
                  label={`Select ${item.label}`}
                  checked={selection.isSelected(item._id)}
                  onChange={() => selection.toggle(item._id)}
                />
              </Td>
              <Td>
                <div className="flex items-center gap-3">
                  {item.thumbnail && (
                    <RemoteImage
                      src={item.thumbnail}
                      alt=""
                      loading="lazy"
                      className="size-10 rounded bg-slate-100 object-cover ring-1 ring-slate-200"
                    />
                  )}
                  <span className="max-w-72 truncate font-medium text-slate-900" title={item.label}>
                    {item.label}
                  </span>
                </div>
                <div className="mt-1 text-xs text-slate-500 lg:hidden">
                  {featureWords(item.feature)} · {item.deletedBy || 'Unknown'} ·{' '}
                  {formatDateTime(item.deletedAt)} · {daysLeft(item)} days left
                </div>
              </Td>
              <Td className="hidden md:table-cell">{featureWords(item.feature)}</Td>
              <Td className="hidden lg:table-cell">{item.deletedBy || 'Unknown'}</Td>
              <Td className="hidden tabular-nums lg:table-cell">{formatDateTime(item.deletedAt)}</Td>
              <Td className="hidden tabular-nums sm:table-cell">{daysLeft(item)}</Td>
              <Td className={`${stickyEndCell} space-x-2 text-right whitespace-nowrap`}>
                <Button
                  size="sm"
                  variant="secondary"
                  write="trash"
                  disabled={busy}
                  onClick={() => void restoreNow([item._id])}
                >
                  Restore<span className="sr-only"> {item.label}</span>
                </Button>
                {mayPurge && (
                  <Button
                    size="sm"
                    variant="danger"
                    write="trash-purge"
                    disabled={busy}
                    onClick={() => setPurging([item._id])}
                  >
                    Delete forever<span className="sr-only"> {item.label}</span>
                  </Button>
                )}
              </Td>
            </Tr>
          ))}
        </ListTable>
      </div>
      <ConfirmMathDialog
        open={purging !== null}
        onOpenChange={(open) => !open && setPurging(null)}
        thing={purging && purging.length > 1 ? `${purging.length} items` : 'item'}
        action="delete forever"
        confirmLabel="Delete forever"
        onConfirm={() => void purgeNow()}
      />
    </>
  );
}
