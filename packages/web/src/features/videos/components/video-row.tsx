import { formatDateTime } from '@streamdesk/contract/format';
import type { Video } from '@streamdesk/contract/videos';
import { memo } from 'react';
import { cn } from '@/lib/cn';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { Button } from '@/ui/button';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { videoDetails } from './video-details';
import { VideoState } from './video-state';
import { VideoThumbnail } from './video-thumbnail';

/** What a row's controls do; stable, so a row re-renders only when its own props change. */
export interface VideoRowActions {
  toggle: (id: string) => void;
  view: (video: Video) => void;
  changeWeb: (video: Video) => void;
  rename: (video: Video) => void;
  remove: (video: Video) => void;
  retry: (video: Video) => void;
}

/**
 * One video of the library, named 'Video N' by its number across pages. Memoised: ticking a box
 * re-renders that row only, not the page's hundred.
 */
export const VideoRow = memo(function VideoRow({
  video,
  number,
  checked,
  busy,
  on,
}: {
  video: Video;
  number: number;
  checked: boolean;
  /** A web change or a delete is in flight: the row's actions wait. */
  busy: boolean;
  on: VideoRowActions;
}) {
  const name = `Video ${number}`;
  return (
    <Tr aria-label={name}>
      <Td>
        <input
          type="checkbox"
          aria-label={`Select ${name}`}
          checked={checked}
          onChange={() => on.toggle(video._id)}
          className="size-4 rounded border-slate-300"
        />
      </Td>
      <Td className="tabular-nums text-slate-500">{number}</Td>
      <Td>
        <VideoThumbnail src={video.thumbnail} label={`Thumbnail of ${name}`} />
      </Td>
      <Td className="max-w-64">
        <p className="font-medium break-words text-slate-900">{video.title}</p>
        {video.fileName && video.fileName !== `${video.title}.mp4` && (
          <p className="text-xs break-all text-slate-500">{video.fileName}</p>
        )}
      </Td>
      {/* The details and the date may take two lines so that the row's buttons keep one. */}
      <Td className="text-sm text-slate-600 tabular-nums">
        <span className="block min-w-24 whitespace-normal">{videoDetails(video)}</span>
      </Td>
      <Td>
        <VideoState video={video} name={name} busy={busy} retry={() => on.retry(video)} />
      </Td>
      <Td className="tabular-nums">
        <span className="block min-w-24 whitespace-normal">{formatDateTime(video.createdAt)}</span>
      </Td>
      <Td>
        <span
          className={cn(
            'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
            video.web ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-100 text-slate-600',
          )}
        >
          {video.web ? 'Enabled' : 'Disabled'}
        </span>
      </Td>
      <Td className={`${stickyEndCell} text-right`}>
        <div className="flex gap-1.5">
          <Button size="sm" variant="secondary" aria-label={`View ${name}`} onClick={() => on.view(video)}>
            View
          </Button>
          <Button
            write="videos"
            size="sm"
            variant="secondary"
            aria-label={`Rename ${name}`}
            onClick={() => on.rename(video)}
          >
            Rename
          </Button>
          <ActivityHistoryLink feature="videos" item={video._id} name={name} />
          <Button
            write="videos"
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={`${video.web ? 'Disable' : 'Enable'} web for ${name}`}
            onClick={() => on.changeWeb(video)}
          >
            {video.web ? 'Disable Web' : 'Enable Web'}
          </Button>
          <Button
            write="videos"
            size="sm"
            variant="danger"
            disabled={busy}
            aria-label={`Delete ${name}`}
            onClick={() => on.remove(video)}
          >
            Delete
          </Button>
        </div>
      </Td>
    </Tr>
  );
});
