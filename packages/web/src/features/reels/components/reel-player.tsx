import { useCallback, useRef } from 'react';
import type { Reel } from '@streamdesk/contract/reels';
import { PLAY_NOW, useHlsSource } from '@/lib/hls-source';
import { PreviewDialog } from '@/ui/preview-dialog';
import { ProcessingBadge } from '@/ui/processing-badge';
import { RetryProcessingButton } from '@/ui/retry-processing-button';

/**
 * A reel played in the page (docs/decisions/0059): its HLS ladder once processed (hls.js, or the
 * browser's own HLS), its MP4 until then, as the public feed plays a video.
 */
export function ReelPlayer({
  reel,
  title,
  onClose,
}: {
  reel: Reel | null;
  title: string;
  onClose: () => void;
}) {
  return (
    <PreviewDialog open={reel !== null} onClose={onClose} title={title}>
      {reel && <ReelVideo reel={reel} />}
    </PreviewDialog>
  );
}

function ReelVideo({ reel }: { reel: Reel }) {
  const ref = useRef<HTMLVideoElement>(null);
  // hls.js attaches after the element mounts: start it then, as autoplay does for an MP4.
  const attached = useCallback((video: HTMLVideoElement) => void video.play().catch(() => undefined), []);
  const src = useHlsSource(ref, reel, PLAY_NOW, attached);
  return (
    // A portrait reel is held to 60% of the screen's height, so the dialog and Close fit.
    <video
      ref={ref}
      src={src}
      poster={reel.thumbnail}
      controls
      autoPlay
      className="max-h-[60dvh] w-full rounded-md bg-black object-contain"
    >
      <track kind="captions" />
    </video>
  );
}

/**
 * Where a reel's processing stands, while it is not ready (a ready reel shows nothing: most reels); a
 * failed one has the library's Retry.
 */
export function ReelState({
  reel,
  name,
  retrying,
  onRetry,
}: {
  reel: Pick<Reel, 'state' | 'progress'>;
  /** The row's name ('reel 2'), for the Retry's label. */
  name: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  if (reel.state !== 'failed') return <ProcessingBadge item={reel} />;
  return (
    <span className="flex flex-col items-start gap-1">
      <ProcessingBadge item={reel} />
      <RetryProcessingButton write="reels" name={name} busy={retrying} onRetry={onRetry} />
    </span>
  );
}
