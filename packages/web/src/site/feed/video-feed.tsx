import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DownloadOverlay } from './download-overlay';
import { useFeedPages } from './feed-pages';
import { FeedError, FeedLoading } from './feed-status';
import { FeedVideo } from './feed-video';
import { mediaPlan } from './load-order';
import { useWatchBudget } from './watch-clock';

interface VideoFeedProps {
  onUnavailable: () => void;
  /**
   * Out of sight (behind the app-store gate of a phone turned sideways): nothing shows or plays, and
   * everything else (the video reached, the pages, the overlay, the views counted) is kept for its return.
   */
  hidden?: boolean;
}

/** The full-screen vertical feed: one video per screen, snapping, loading page after page. */
export function VideoFeed({ onUnavailable, hidden = false }: VideoFeedProps) {
  const [current, setCurrent] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const { items, webPosition, pending, error, retry } = useFeedPages(current, onUnavailable);
  const [muted, setMuted] = useState(true);
  // The download overlay comes after webPosition seconds of videos actually playing.
  const { due: overlay, clock } = useWatchBudget(webPosition);
  const [playable, setPlayable] = useState<ReadonlySet<number>>(() => new Set());

  const onCanPlay = useCallback((index: number, canPlay: boolean) => {
    setPlayable((before) => {
      if (before.has(index) === canPlay) return before;
      const after = new Set(before);
      if (canPlay) after.add(index);
      else after.delete(index);
      return after;
    });
  }, []);

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

  // A hidden scroller loses its scroll position (and the screen may have changed size meanwhile): back in
  // sight, it returns to the video it was on before the browser next looks at what is in view.
  const currentRef = useRef(current);
  useEffect(() => {
    currentRef.current = current;
  }, [current]);
  useLayoutEffect(() => {
    if (hidden) return;
    const section = scroller.current?.children[currentRef.current];
    if (section instanceof HTMLElement) scroller.current!.scrollTop = section.offsetTop;
  }, [hidden]);

  return (
    <main className="fixed inset-0 bg-black" hidden={hidden}>
      {error && <FeedError message={error.message} onRetry={retry} />}
      {!items.length && !error && pending !== null && <FeedLoading />}
      <div
        ref={scroller}
        aria-label="Video feed"
        data-testid="video-feed"
        className="h-dvh snap-y snap-mandatory overflow-y-scroll overscroll-contain [scrollbar-width:none]"
      >
        {items.map((item, index) => (
          <FeedVideo
            key={`${item._id}-${index}`}
            item={item}
            index={index}
            current={index === current}
            plan={mediaPlan(index, current, playable.has(current))}
            muted={muted}
            stopped={overlay || hidden}
            clock={clock}
            onCurrent={setCurrent}
            onCanPlay={onCanPlay}
          />
        ))}
      </div>
      {overlay && <DownloadOverlay />}
    </main>
  );
}
