import { useEffect, useRef, useState } from 'react';
import { Button } from '@/ui/button';
import { PreviewDialog } from '@/ui/preview-dialog';
import { RemoteImage } from '@/ui/remote-image';
import { VideoPlayer } from '@/ui/video-player';

export interface PreviewMedia {
  title: string;
  url: string;
  kind: 'image' | 'video';
  /** A video's HLS master playlist once processed, else '' (its MP4 plays). */
  hls?: string | undefined;
  poster?: string | null | undefined;
}

/** A video with the spec's own controls: play/pause, mute and fullscreen. */
function AdVideo({
  url,
  hls,
  poster,
  title,
}: {
  url: string;
  hls: string;
  poster?: string | null | undefined;
  title: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);

  useEffect(() => {
    const video = ref.current;
    // Closing (unmounting) pauses, so nothing keeps playing behind the page.
    return () => video?.pause();
  }, []);

  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => setPlaying(false));
    else video.pause();
  };

  return (
    <div className="space-y-2">
      <VideoPlayer
        videoRef={ref}
        video={url}
        hls={hls}
        poster={poster}
        muted={muted}
        playsInline
        loop
        aria-label={`Video of ${title}`}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onClick={toggle}
        className="max-h-[60vh] w-full rounded-md bg-black object-contain"
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={toggle}>
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setMuted((m) => !m)}>
          {muted ? 'Unmute' : 'Mute'}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void ref.current?.requestFullscreen?.().catch(() => undefined)}
        >
          Fullscreen
        </Button>
      </div>
    </div>
  );
}

export function MediaView({ media }: { media: PreviewMedia }) {
  return media.kind === 'video' ? (
    <AdVideo url={media.url} hls={media.hls ?? ''} poster={media.poster} title={media.title} />
  ) : (
    <RemoteImage
      src={media.url}
      alt={media.title}
      className="max-h-[60vh] w-full rounded-md object-contain"
      placeholderClassName="aspect-video"
    />
  );
}

/** The preview modal opened from the Media column; closing it pauses the video. */
export function MediaPreviewDialog({ media, onClose }: { media: PreviewMedia | null; onClose: () => void }) {
  return (
    <PreviewDialog
      open={media !== null}
      onClose={onClose}
      title={media ? `Preview: ${media.title}` : 'Preview'}
    >
      {media && <MediaView media={media} />}
    </PreviewDialog>
  );
}
