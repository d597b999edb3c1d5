import { useCallback, useEffect, useState } from 'react';
import { DownloadOverlay } from './download-overlay';
import { useFeedPages } from './feed-pages';
import { FeedError, FeedLoading } from './feed-status';
import { FeedVideo } from './feed-video';
import { mediaPlan } from './load-order';
import { useWatchBudget } from './watch-clock';

/** The full-screen vertical feed: one video per screen, snapping, loading page after page. */
export function VideoFeed({ onUnavailable }: { onUnavailable: () => void }) {
  const [current, setCurrent] = useState(0);
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

  return (
    <main className="fixed inset-0 bg-black">
      {error && <FeedError message={error.message} onRetry={retry} />}
      {!items.length && !error && pending !== null && <FeedLoading />}
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
            current={index === current}
            plan={mediaPlan(index, current, playable.has(current))}
            muted={muted}
            stopped={overlay}
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
