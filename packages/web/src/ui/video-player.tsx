import { useCallback, useRef, type RefObject, type VideoHTMLAttributes } from 'react';
import { PLAY_NOW, useHlsSource } from '@/lib/hls-source';

export interface VideoPlayerProps extends Omit<
  VideoHTMLAttributes<HTMLVideoElement>,
  'src' | 'poster' | 'children'
> {
  /** The MP4 (or a file just picked): played until the ladder is ready, and where HLS cannot play. */
  video: string;
  /** The HLS master playlist once the video is processed, '' until then (or for a local file). */
  hls: string;
  poster?: string | null | undefined;
  /** For a screen that drives the element itself (its own Play and Fullscreen buttons). */
  videoRef?: RefObject<HTMLVideoElement | null>;
}

/**
 * The back office's one video player (issue 35, docs/decisions/0044, 0059): a processed video plays its
 * HLS ladder (the browser's own HLS, else hls.js, loaded only when a ladder plays) and its MP4 until the
 * ladder is ready or when hls.js fails, as the public feed does. It fetches at once: it is shown because
 * someone opened it.
 */
export function VideoPlayer({ video, hls, poster, videoRef, autoPlay, ...rest }: VideoPlayerProps) {
  const own = useRef<HTMLVideoElement>(null);
  const ref = videoRef ?? own;
  // hls.js attaches after the element mounts: an autoplaying player starts then, as autoplay does an MP4.
  const attached = useCallback(
    (element: HTMLVideoElement) => {
      if (autoPlay) void element.play().catch(() => undefined);
    },
    [autoPlay],
  );
  const src = useHlsSource(ref, { video, hls }, PLAY_NOW, attached);
  return (
    <video ref={ref} src={src} poster={poster || undefined} autoPlay={autoPlay} {...rest}>
      <track kind="captions" />
    </video>
  );
}
