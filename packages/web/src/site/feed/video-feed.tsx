import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedItem } from '@streamdesk/contract/videos';
import { DownloadOverlay } from './download-overlay';
import { fetchFeedPage, reportView } from './feed-api';

/** Autoplay when more than 70% of a video shows; it counts as the current one from half (doc 2 s. 9). */
export const PLAY_THRESHOLD = 0.7;
export const CURRENT_THRESHOLD = 0.5;
/**
 * The observer's ratios: an entry is reported when the visible share crosses one of them. The step just
 * above 70% matters because a crossing can report exactly 0.7, which does not play; without it the next
 * report would come only at 100%.
 */
export const OBSERVED_RATIOS = [0, CURRENT_THRESHOLD, PLAY_THRESHOLD, PLAY_THRESHOLD + 0.01, 1];

/** Whether a video this much in view plays: strictly more than 70%. */
export const playsAt = (ratio: number): boolean => ratio > PLAY_THRESHOLD;
/** The next page loads when the current video is this close to the end of the list. */
export const PRELOAD_DISTANCE = 2;
/**
 * Videos this far from the current one keep their source; farther ones let it go (their poster stays),
 * so a long scroll does not keep every video's buffers and decoder on the phone.
 */
export const KEEP_LOADED = 3;

/** The full-screen vertical feed: one video per screen, snapping, loading page after page. */
export function VideoFeed({ onUnavailable }: { onUnavailable: () => void }) {
  const [items, setItems] = useState<FeedItem[]>([]);
  const [page, setPage] = useState(0);
  const [totalPage, setTotalPage] = useState(0);
  const [webPosition, setWebPosition] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [current, setCurrent] = useState(0);
  const [muted, setMuted] = useState(true);
  const [overlay, setOverlay] = useState(false);
  const loading = useRef(false);

  const load = useCallback(
    async (next: number) => {
      if (loading.current) return;
      loading.current = true;
      const result = await fetchFeedPage(next);
      loading.current = false;
      if (!result.ok) {
        setError(result.message);
        return;
      }
      setError('');
      const { data } = result.reply;
      // Page 1 replaces the list; later pages append.
      setItems((before) => (next === 1 ? data : [...before, ...data]));
      setPage(next);
      setTotalPage(result.reply.totalPage);
      if (next === 1) {
        setWebPosition(result.reply.webPosition);
        if (!data.length) onUnavailable();
      }
    },
    [onUnavailable],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  useEffect(() => {
    if (items.length && current >= items.length - PRELOAD_DISTANCE && page < totalPage) void load(page + 1);
  }, [current, items.length, page, totalPage, load]);

  // Browsers allow muted autoplay only: sound comes on with the first touch or click.
  useEffect(() => {
    if (!muted) return;
    const unmute = () => setMuted(false);
    const opts = { once: true, capture: true } as const;
    window.addEventListener('touchstart', unmute, opts);
    window.addEventListener('pointerdown', unmute, opts);
    window.addEventListener('click', unmute, opts);
    return () => {
      window.removeEventListener('touchstart', unmute, opts);
      window.removeEventListener('pointerdown', unmute, opts);
      window.removeEventListener('click', unmute, opts);
    };
  }, [muted]);

  useEffect(() => {
    if (webPosition === null) return;
    if (webPosition <= 0) {
      setOverlay(true);
      return;
    }
    const timer = setTimeout(() => setOverlay(true), webPosition * 1000);
    return () => clearTimeout(timer);
  }, [webPosition]);

  return (
    <main className="fixed inset-0 bg-black">
      {error && (
        <div className="absolute inset-x-4 top-4 z-30 flex items-center gap-3 rounded-md bg-red-600 px-3 py-2 text-sm text-white">
          <p role="alert" className="flex-1">
            {error}
          </p>
          {/* Nothing to scroll yet, so nothing would ask again: the visitor can. */}
          {items.length === 0 && (
            <button
              type="button"
              onClick={() => void load(1)}
              className="rounded-full bg-white px-3 py-1 font-medium text-red-700"
            >
              Try Again
            </button>
          )}
        </div>
      )}
      <div
        aria-label="Video feed"
        data-testid="video-feed"
        className="h-dvh snap-y snap-mandatory overflow-y-scroll overscroll-contain [scrollbar-width:none]"
      >
        {items.map((item, index) => (
          <FeedVideo
            key={`${item._id}-${index}`}
            item={item}
            index={index}
            muted={muted}
            near={Math.abs(index - current) <= KEEP_LOADED}
            stopped={overlay}
            onCurrent={setCurrent}
          />
        ))}
      </div>
      {overlay && <DownloadOverlay />}
    </main>
  );
}

interface FeedVideoProps {
  item: FeedItem;
  index: number;
  muted: boolean;
  /** Within KEEP_LOADED of the current video: it keeps its source. */
  near: boolean;
  /** The download overlay is up: nothing plays (or sounds) behind it. */
  stopped: boolean;
  onCurrent: (index: number) => void;
}

function FeedVideo({ item, index, muted, near, stopped, onCurrent }: FeedVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const viewed = useRef(false);
  // Read by the observer, which is not re-created when the overlay comes up.
  const stoppedRef = useRef(stopped);

  useEffect(() => {
    stoppedRef.current = stopped;
    if (stopped) ref.current?.pause();
  }, [stopped]);

  // Taking the src attribute away does not free the media by itself: load() with none does.
  useEffect(() => {
    const video = ref.current;
    if (near || !video) return;
    video.pause();
    video.load();
  }, [near]);

  useEffect(() => {
    if (ref.current) ref.current.muted = muted;
  }, [muted]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (entry.intersectionRatio >= CURRENT_THRESHOLD) onCurrent(index);
        if (playsAt(entry.intersectionRatio) && !stoppedRef.current) {
          void video.play().catch(() => undefined);
          if (!viewed.current) {
            viewed.current = true;
            reportView(item._id);
          }
        } else {
          video.pause();
        }
      },
      { threshold: OBSERVED_RATIOS },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [index, item._id, onCurrent]);

  return (
    <section aria-label={`Video ${index + 1}`} className="relative h-dvh w-full snap-start snap-always">
      <video
        ref={ref}
        src={near ? item.video : undefined}
        poster={item.thumbnail}
        muted
        loop
        playsInline
        preload={near ? 'metadata' : 'none'}
        data-index={index}
        className="h-full w-full object-contain"
      />
    </section>
  );
}
