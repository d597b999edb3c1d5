/**
 * Videos this far from the current one keep their source; farther ones let it go (their poster stays),
 * so a long scroll does not keep every video's buffers and decoder on the phone.
 */
export const KEEP_LOADED = 3;
/**
 * Once the current video can play, the poster of the next one loads too (with its metadata): a swipe
 * then shows its picture at once, even where the browser shows no first frame before playing (iOS).
 */
export const POSTERS_AHEAD = 1;

export interface MediaPlan {
  /** Within KEEP_LOADED of the current video: it keeps its source. */
  keep: boolean;
  /** Whether the browser may fetch the video before it plays (the current one, and then the next). */
  preload: 'metadata' | 'none';
  /** Whether its poster may load now (once loaded, a poster stays). */
  poster: boolean;
}

/**
 * What video `index` may fetch while `current` is shown. On a slow line every byte shared with the
 * current video delays its start (and stalls it), so until it can play only it and its poster load; then
 * the next video's metadata and poster follow (docs/decisions/0018-videos.md).
 */
export function mediaPlan(index: number, current: number, currentCanPlay: boolean): MediaPlan {
  const ahead = index - current;
  return {
    keep: Math.abs(ahead) <= KEEP_LOADED,
    preload: ahead === 0 || (currentCanPlay && ahead === 1) ? 'metadata' : 'none',
    poster: ahead === 0 || (currentCanPlay && ahead > 0 && ahead <= POSTERS_AHEAD),
  };
}
