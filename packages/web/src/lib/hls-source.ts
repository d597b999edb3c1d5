import { useEffect, useState, type RefObject } from 'react';

/** How a video gets its bytes: the MP4, the browser's own HLS (Safari, iOS), or hls.js over MSE. */
type Mode = 'mp4' | 'native' | 'hlsjs';

/** A processed video (a feed item, a reel): its MP4, and its HLS master playlist once made ('' until then). */
export interface HlsItem {
  video: string;
  hls: string;
}

/** When the video may fetch: `keep` while it holds its source, `preload` 'none' until it may fetch. */
export interface SourcePlan {
  keep: boolean;
  preload: string;
}

/** Plays at once: a player the viewer opened (a preview in the back office). */
export const PLAY_NOW: SourcePlan = { keep: true, preload: 'auto' };

function modeFor(item: HlsItem): Mode {
  if (!item.hls) return 'mp4';
  if (document.createElement('video').canPlayType('application/vnd.apple.mpegurl')) return 'native';
  const mse = 'MediaSource' in window || 'ManagedMediaSource' in window;
  return mse ? 'hlsjs' : 'mp4';
}

/**
 * A video's source (docs/decisions/0044-video-processing.md; the feed's, a reel's: 0059): its HLS ladder once processed, so a
 * phone on a slow line gets a rendition it can keep up with, and the MP4 until then or where the browser
 * plays neither. hls.js (the light build, without subtitles or DRM) is loaded the first time a video
 * needs it, so the site's first page carries none of it; it starts fetching only when the load order
 * lets the video fetch (its `preload`), and lets go of its buffers when the video lets go of its source.
 * A fatal hls.js error falls back to the MP4. Answers the `src` attribute to set (none while hls.js
 * holds the element); `attached` is called once hls.js has the ladder, to start a video already in view.
 */
export function useHlsSource(
  ref: RefObject<HTMLVideoElement | null>,
  item: HlsItem,
  plan: SourcePlan,
  attached: (video: HTMLVideoElement) => void,
): string | undefined {
  const [mode, setMode] = useState(() => modeFor(item));
  // A video whose ladder is made while it is shown (an edit page reloading a processed story) moves to it.
  const [shownHls, setShownHls] = useState(item.hls);
  if (shownHls !== item.hls) {
    setShownHls(item.hls);
    setMode(modeFor(item));
  }
  // Like a poster: once the video may fetch, it keeps its ladder until it lets go of its source.
  const [started, setStarted] = useState(false);
  if (plan.keep && plan.preload !== 'none' && !started) setStarted(true);
  if (!plan.keep && started) setStarted(false);

  useEffect(() => {
    const video = ref.current;
    if (mode !== 'hlsjs' || !started || !video) return;
    let gone = false;
    let player: { destroy(): void } | undefined;
    void import('hls.js/light').then(({ default: Hls }) => {
      if (gone) return;
      if (!Hls.isSupported()) return setMode('mp4');
      const hls = new Hls({ capLevelToPlayerSize: true });
      player = hls;
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        hls.destroy();
        setMode('mp4');
      });
      hls.on(Hls.Events.MANIFEST_PARSED, () => attached(video));
      hls.loadSource(item.hls);
      hls.attachMedia(video);
    });
    return () => {
      gone = true;
      player?.destroy();
    };
  }, [ref, mode, started, item.hls, attached]);

  if (!plan.keep) return undefined;
  if (mode === 'native') return item.hls;
  return mode === 'mp4' ? item.video : undefined;
}
