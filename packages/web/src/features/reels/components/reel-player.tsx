import type { Reel } from '@streamdesk/contract/reels';
import { PreviewDialog } from '@/ui/preview-dialog';
import { VideoPlayer } from '@/ui/video-player';

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
      {reel && (
        // A portrait reel is held to 60% of the screen's height, so the dialog and Close fit.
        <VideoPlayer
          video={reel.video}
          hls={reel.hls}
          poster={reel.poster || reel.thumbnail}
          aria-label={title}
          controls
          autoPlay
          className="max-h-[60dvh] w-full rounded-md bg-black object-contain"
        />
      )}
    </PreviewDialog>
  );
}
