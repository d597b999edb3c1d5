import { useCallback, useRef } from 'react';
import type { Reel } from '@streamdesk/contract/reels';
import { PLAY_NOW, useHlsSource } from '@/lib/hls-source';
import { PreviewDialog } from '@/ui/preview-dialog';

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
