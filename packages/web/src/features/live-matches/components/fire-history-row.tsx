import { memo } from 'react';
import { formatDateTime, formatViewCount } from '@streamdesk/contract/format';
import type { AdFire } from '@streamdesk/contract/live-matches';
import { Button } from '@/ui/button';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';

export const historyColumns = ['Name', 'Type', 'URL', 'Views', 'Clicks', 'Date', 'Actions'] as const;

/**
 * One fire of the Live Ads History. Memoised, with ids passed to stable callbacks: ticking a box
 * re-renders that row only, not the page's hundred.
 */
export const FireHistoryRow = memo(function FireHistoryRow({
  fire,
  checked,
  deleting,
  onToggle,
  onDelete,
}: {
  fire: AdFire;
  checked: boolean;
  /** Its delete is in flight: Delete is held until the reply. */
  deleting: boolean;
  onToggle: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const when = formatDateTime(fire.createdAt);
  return (
    <Tr>
      <Td>
        <input
          type="checkbox"
          aria-label={`Select ${fire.a_name} fired ${when}`}
          className="size-4 rounded border-slate-300"
          checked={checked}
          onChange={() => onToggle(fire._id)}
        />
      </Td>
      <Td className="max-w-56 truncate font-medium text-slate-900" title={fire.a_name}>
        {fire.a_name}
      </Td>
      <Td>{fire.Adstype}</Td>
      <Td className="max-w-64 truncate" title={fire.url || undefined}>
        {fire.url || <span className="text-slate-500">–</span>}
      </Td>
      <Td className="tabular-nums">{formatViewCount(fire.a_view)}</Td>
      <Td className="tabular-nums">{formatViewCount(fire.a_click)}</Td>
      <Td className="tabular-nums">{when}</Td>
      <Td className={stickyEndCell}>
        <Button
          write="live-matches"
          size="sm"
          variant="danger"
          aria-label={`Delete ${fire.a_name} fired ${when}`}
          loading={deleting}
          onClick={() => onDelete(fire._id)}
        >
          Delete
        </Button>
      </Td>
    </Tr>
  );
});
