import type { Video } from '@streamdesk/contract/videos';
import { cn } from '@/lib/cn';
import { RetryProcessingButton } from '@/ui/retry-processing-button';

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/**
 * Where a video's processing stands (docs/decisions/0044-video-processing.md): queued, processing with
 * its percent, ready, or failed with the reason and Retry.
 */
export function VideoState({
  video,
  name,
  busy,
  retry,
}: {
  video: Pick<Video, 'state' | 'progress' | 'error'>;
  /** The row's name ('Video 3'), for the labels. */
  name: string;
  busy: boolean;
  retry: () => void;
}) {
  switch (video.state) {
    case 'queued':
      return <span className={cn(badge, 'bg-slate-100 text-slate-600')}>Queued</span>;
    case 'processing':
      return (
        <div className="w-28 space-y-1">
          <span className={cn(badge, 'bg-sky-100 text-sky-700')}>Processing {video.progress}%</span>
          <div
            role="progressbar"
            aria-label={`Processing of ${name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={video.progress}
            className="h-1.5 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full bg-sky-500" style={{ width: `${video.progress}%` }} />
          </div>
        </div>
      );
    case 'ready':
      return <span className={cn(badge, 'bg-emerald-100 text-emerald-700')}>Ready</span>;
    case 'failed':
      return (
        <div className="max-w-56 space-y-1">
          <span className={cn(badge, 'bg-red-100 text-red-700')}>Failed</span>
          <p className="text-xs break-words text-red-700">{video.error}</p>
          <RetryProcessingButton write="videos" name={name} busy={busy} onRetry={retry} />
        </div>
      );
  }
}
