import { INHOUSE_PAGE_SIZE, type InHouseAd } from '@streamdesk/contract/inhouse-ads';
import { useLocation } from 'react-router';
import { ListTable, type ListTableProps } from '@/ui/list-table';
import { fromList } from '@/ui/use-return-to-list';
import { useRowsInSteps } from '@/ui/use-rows-in-steps';
import { InHouseAdRow } from './inhouse-ad-row';
import type { PreviewMedia } from './media-preview';

export interface InHouseAdsTableProps {
  ads: InHouseAd[];
  page: number;
  /** The rows of the previous page or search, shown while the new ones load. */
  stale?: boolean;
  selected: ReadonlySet<string>;
  onToggleRow: (id: string) => void;
  /** The list's states, footer and selection (ListTable's). */
  list: Omit<ListTableProps, 'caption' | 'columns' | 'isEmpty' | 'emptyText' | 'children'>;
  onStatusChange: (ad: InHouseAd, status: boolean) => void;
  onPreview: (media: PreviewMedia) => void;
  /** Queues a failed video ad's processing again. */
  onRetry: (id: string) => void;
  statusPendingId?: string | undefined;
  /** The ads whose Retry is under way. */
  retryingIds?: readonly string[] | undefined;
}

const COLUMNS = [
  '#',
  'Title/Subtitle',
  'Media',
  'Ad type',
  'Type',
  'Status',
  'Performance',
  'Stay Time',
  'Date',
  'Actions',
];

/**
 * The in-house list: row number 100*(page-1)+i+1, counts abbreviated, status as a switch. The row
 * callbacks must be stable (InHouseAdRow is memoised).
 */
export function InHouseAdsTable(props: InHouseAdsTableProps) {
  const { ads, page, selected } = props;
  const { from } = fromList(useLocation());
  // The first screen's rows first, the rest just after (useRowsInSteps).
  const drawn = useRowsInSteps(ads.length);
  return (
    <div className={props.stale ? 'opacity-60 transition-opacity' : undefined}>
      <ListTable
        {...props.list}
        caption="In-house ads"
        columns={COLUMNS}
        isEmpty={ads.length === 0}
        emptyText="No in-house ads found"
      >
        {ads.slice(0, drawn).map((ad, i) => (
          <InHouseAdRow
            key={ad._id}
            ad={ad}
            no={INHOUSE_PAGE_SIZE * (page - 1) + i + 1}
            checked={selected.has(ad._id)}
            statusPending={props.statusPendingId === ad._id}
            retrying={props.retryingIds?.includes(ad._id) ?? false}
            from={from}
            onToggle={props.onToggleRow}
            onStatusChange={props.onStatusChange}
            onPreview={props.onPreview}
            onRetry={props.onRetry}
          />
        ))}
      </ListTable>
    </div>
  );
}
