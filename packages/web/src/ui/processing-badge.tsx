import type { Feature } from '@streamdesk/contract/roles';
import type { VideoState } from '@streamdesk/contract/video-processing';
import { cn } from '@/lib/cn';
import { RetryProcessingButton } from './retry-processing-button';

const badge = 'mt-1 inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/**
 * Where a video's processing stands while it is not ready (docs/decisions/0059): 'Queued', 'Processing
 * N%' or 'Failed' (it plays its MP4); nothing once ready, so a list looks as before for most items.
 * Story videos, reels and in-house video ads show it (ProcessingState adds a Retry under a failed one).
 */
export function ProcessingBadge({ item }: { item: { state: VideoState; progress: number } }) {
  switch (item.state) {
    case 'queued':
      return <span className={cn(badge, 'bg-slate-100 text-slate-600')}>Queued</span>;
    case 'processing':
      return <span className={cn(badge, 'bg-sky-100 text-sky-700')}>Processing {item.progress}%</span>;
    case 'failed':
      return (
        <span className={cn(badge, 'bg-red-100 text-red-700')} title="It plays its MP4: no HLS was made">
          Failed
        </span>
      );
    default:
      return null;
  }
}

/**
 * The badge, and under a failed video the shared Retry (reels, story videos, in-house ads: 0059). `name` is the row's
 * ('reel 2', 'story 3'), for the Retry's label.
 */
export function ProcessingState({
  item,
  write,
  name,
  retrying,
  onRetry,
}: {
  item: { state: VideoState; progress: number };
  write: Feature;
  name: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  if (item.state !== 'failed') return <ProcessingBadge item={item} />;
  return (
    <span className="flex flex-col items-start gap-1">
      <ProcessingBadge item={item} />
      <RetryProcessingButton write={write} name={name} busy={retrying} onRetry={onRetry} />
    </span>
  );
}
