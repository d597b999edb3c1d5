import { formatCount, formatDateTime } from '@streamdesk/contract/format';
import { adTypeLabels, INHOUSE_PAGE_SIZE, type InHouseAd } from '@streamdesk/contract/inhouse-ads';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import {
  stickyEndCell,
  stickyEndHead,
  Table,
  TableMessageRow,
  TBody,
  Td,
  Th,
  THead,
  Tr,
} from '@/ui/data-table';
import { Toggle } from '@/ui/toggle';
import { fromList } from '@/ui/use-return-to-list';
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
const checkbox = 'size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500';

export const previewOf = (ad: InHouseAd): PreviewMedia => ({
  title: ad.mainTitle,
  url: ad.medView,
  kind: ad.medType,
  poster: ad.thumbnail,
});

/** The in-house list: row number 100*(page-1)+i+1, counts abbreviated, status as a switch. */
export function InHouseAdsTable(props: InHouseAdsTableProps) {
  const { ads, page, selected } = props;
  const allSelected = ads.length > 0 && ads.every((ad) => selected.has(ad._id));
  const from = fromList(useLocation());
  return (
    <Table caption="In-house ads" className={props.stale ? 'opacity-60 transition-opacity' : undefined}>
      <THead>
        <Th className="w-10">
          <input
            type="checkbox"
            className={checkbox}
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
          <Tr key={ad._id}>
            <Td>
              <input
                type="checkbox"
                className={checkbox}
                aria-label={`Select ${ad.mainTitle}`}
                checked={selected.has(ad._id)}
                onChange={() => props.onToggleRow(ad._id)}
              />
            </Td>
            <Td className="tabular-nums">{INHOUSE_PAGE_SIZE * (page - 1) + i + 1}</Td>
            <Td>
              <div className="flex items-center gap-2.5">
                <img src={ad.icon} alt="" className="size-9 rounded-md object-cover ring-1 ring-slate-200" />
                <div className="min-w-0">
                  <p className="max-w-48 truncate font-medium text-slate-900" title={ad.mainTitle}>
                    {ad.mainTitle}
                  </p>
                  <p className="max-w-48 truncate text-xs text-slate-500" title={ad.subTitle}>
                    {ad.subTitle}
                  </p>
                </div>
              </div>
            </Td>
            <Td>
              <button
                type="button"
                aria-label={`Preview media of ${ad.mainTitle}`}
                onClick={() => props.onPreview(previewOf(ad))}
                className="block overflow-hidden rounded-md ring-1 ring-slate-200 hover:ring-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                {ad.medType === 'video' && !ad.thumbnail ? (
                  <span className="flex h-10 w-16 items-center justify-center bg-slate-800 text-xs text-white">
                    Video
                  </span>
                ) : (
                  <img src={ad.thumbnail ?? ad.medView} alt="" className="h-10 w-16 object-cover" />
                )}
              </button>
            </Td>
            <Td>{adTypeLabels[ad.adType]}</Td>
            <Td className="capitalize">{ad.medType}</Td>
            <Td>
              <div className="flex items-center gap-2">
                <Toggle
                  checked={ad.status}
                  label={`Status of ${ad.mainTitle}`}
                  disabled={props.statusPendingId === ad._id}
                  onCheckedChange={(next) => props.onStatusChange(ad, next)}
                />
                <span className={ad.status ? 'text-emerald-700' : 'text-slate-500'}>
                  {ad.status ? 'Active' : 'Inactive'}
                </span>
              </div>
            </Td>
            <Td>
              <div className="text-xs leading-5">
                <p>
                  <span className="font-semibold tabular-nums">{formatCount(ad.view)}</span> views
                </p>
                <p>
                  <span className="font-semibold tabular-nums">{formatCount(ad.clickCount)}</span> clicks
                </p>
              </div>
            </Td>
            <Td className="tabular-nums">{ad.web_stay_time}s</Td>
            <Td className="text-xs">{formatDateTime(ad.createdAt)}</Td>
            <Td className={stickyEndCell}>
              <Link
                to={paths.editInHouseAd.getHref(ad._id)}
                // The edit screen returns to this page of the list, with its search.
                state={from}
                aria-label={`Edit ${ad.mainTitle}`}
                className="inline-flex h-8 items-center rounded-md px-3 text-xs font-medium text-brand-700 ring-1 ring-slate-300 ring-inset hover:bg-brand-50"
              >
                Edit
              </Link>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
