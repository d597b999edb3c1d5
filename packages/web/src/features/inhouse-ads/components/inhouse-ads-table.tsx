import { INHOUSE_PAGE_SIZE, type InHouseAd } from '@streamdesk/contract/inhouse-ads';
import { useLocation } from 'react-router';
import { stickyEndHead, Table, TableMessageRow, TBody, Th, THead } from '@/ui/data-table';
import { fromList } from '@/ui/use-return-to-list';
import { InHouseAdRow, rowCheckbox } from './inhouse-ad-row';
import type { PreviewMedia } from './media-preview';

export interface InHouseAdsTableProps {
  ads: InHouseAd[];
  page: number;
  loading: boolean;
  /** The rows of the previous page or search, shown while the new ones load. */
  stale?: boolean;
  selected: ReadonlySet<string>;
  onToggleRow: (id: string) => void;
  onToggleAll: () => void;
  onStatusChange: (ad: InHouseAd, status: boolean) => void;
  onPreview: (media: PreviewMedia) => void;
  statusPendingId?: string | undefined;
}

const COLUMNS = 11;

/**
 * The in-house list: row number 100*(page-1)+i+1, counts abbreviated, status as a switch. The row
 * callbacks must be stable (InHouseAdRow is memoised).
 */
export function InHouseAdsTable(props: InHouseAdsTableProps) {
  const { ads, page, selected } = props;
  const allSelected = ads.length > 0 && ads.every((ad) => selected.has(ad._id));
  const { from } = fromList(useLocation());
  return (
    <Table caption="In-house ads" className={props.stale ? 'opacity-60 transition-opacity' : undefined}>
      <THead>
        <Th className="w-10">
          <input
            type="checkbox"
            className={rowCheckbox}
            aria-label="Select all on this page"
            checked={allSelected}
            disabled={ads.length === 0}
            onChange={props.onToggleAll}
          />
        </Th>
        <Th>#</Th>
        <Th>Title/Subtitle</Th>
        <Th>Media</Th>
        <Th>Ad type</Th>
        <Th>Type</Th>
        <Th>Status</Th>
        <Th>Performance</Th>
        <Th>Stay Time</Th>
        <Th>Date</Th>
        <Th className={stickyEndHead}>Actions</Th>
      </THead>
      <TBody>
        {ads.length === 0 && (
          <TableMessageRow colSpan={COLUMNS}>
            {props.loading ? 'Loading…' : 'No in-house ads found'}
          </TableMessageRow>
        )}
        {ads.map((ad, i) => (
          <InHouseAdRow
            key={ad._id}
            ad={ad}
            no={INHOUSE_PAGE_SIZE * (page - 1) + i + 1}
            checked={selected.has(ad._id)}
            statusPending={props.statusPendingId === ad._id}
            from={from}
            onToggle={props.onToggleRow}
            onStatusChange={props.onStatusChange}
            onPreview={props.onPreview}
          />
        ))}
      </TBody>
    </Table>
  );
}
