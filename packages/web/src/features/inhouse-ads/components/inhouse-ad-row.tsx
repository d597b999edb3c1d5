import { formatCount, formatDateTime } from '@streamdesk/contract/format';
import { adTypeLabels, type InHouseAd } from '@streamdesk/contract/inhouse-ads';
import { memo } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useWriteRefusal } from '@/lib/access';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { Toggle } from '@/ui/toggle';
import type { FromList } from '@/ui/use-return-to-list';
import type { PreviewMedia } from './media-preview';
import { RemoteImage } from '@/ui/remote-image';
import { ProcessingState } from '@/ui/processing-badge';

export const rowCheckbox = 'size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500';

const previewOf = (ad: InHouseAd): PreviewMedia => ({
  title: ad.mainTitle,
  url: ad.medView,
  kind: ad.medType,
  hls: ad.hls,
  poster: ad.poster || ad.thumbnail,
});

/**
 * One in-house ad of the list. Memoised, with the ad's id or the ad passed to stable callbacks: ticking
 * a box re-renders that row only, not the page's hundred. `from` is the list's URL, for the edit
 * screen's return. A video ad not yet processed shows where it stands under its media ('Queued',
 * 'Processing N%', 'Failed' with a Retry: 0059); a ready one, and every image ad, shows nothing.
 */
export const InHouseAdRow = memo(function InHouseAdRow({
  ad,
  no,
  checked,
  statusPending,
  retrying,
  from,
  onToggle,
  onStatusChange,
  onPreview,
  onRetry,
}: {
  ad: InHouseAd;
  no: number;
  checked: boolean;
  statusPending: boolean;
  retrying: boolean;
  from: string;
  onToggle: (id: string) => void;
  onStatusChange: (ad: InHouseAd, status: boolean) => void;
  onPreview: (media: PreviewMedia) => void;
  onRetry: (id: string) => void;
}) {
  const refused = useWriteRefusal('inhouse-ads');
  return (
    <Tr>
      <Td>
        <input
          type="checkbox"
          className={rowCheckbox}
          aria-label={`Select ${ad.mainTitle}`}
          checked={checked}
          onChange={() => onToggle(ad._id)}
        />
      </Td>
      <Td className="tabular-nums">{no}</Td>
      <Td>
        <div className="flex items-center gap-2.5">
          <RemoteImage
            src={ad.icon}
            alt=""
            whenNearScreen
            className="size-9 rounded-md object-cover ring-1 ring-slate-200"
          />
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
          onClick={() => onPreview(previewOf(ad))}
          className="block overflow-hidden rounded-md ring-1 ring-slate-200 hover:ring-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          {ad.medType === 'video' && !ad.thumbnail ? (
            <span className="flex h-10 w-16 items-center justify-center bg-slate-800 text-xs text-white">
              Video
            </span>
          ) : (
            <RemoteImage
              src={ad.thumbnail ?? ad.medView}
              alt=""
              whenNearScreen
              className="h-10 w-16 object-cover"
            />
          )}
        </button>
        <ProcessingState
          item={ad}
          write="inhouse-ads"
          name={ad.mainTitle}
          retrying={retrying}
          onRetry={() => onRetry(ad._id)}
        />
      </Td>
      <Td>{adTypeLabels[ad.adType]}</Td>
      <Td className="capitalize">{ad.medType}</Td>
      <Td>
        <div className="flex items-center gap-2">
          <Toggle
            write="inhouse-ads"
            checked={ad.status}
            label={`Status of ${ad.mainTitle}`}
            disabled={statusPending}
            onCheckedChange={(next) => onStatusChange(ad, next)}
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
          state={{ from } satisfies FromList}
          // A role that may not change in-house ads opens the same screen to read it, with Save disabled.
          aria-label={`${refused ? 'View' : 'Edit'} ${ad.mainTitle}`}
          className="inline-flex h-8 items-center rounded-md px-3 text-xs font-medium text-brand-700 ring-1 ring-slate-300 ring-inset hover:bg-brand-50"
        >
          {refused ? 'View' : 'Edit'}
        </Link>
      </Td>
    </Tr>
  );
});
