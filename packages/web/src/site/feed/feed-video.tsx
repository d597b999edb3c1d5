import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedItem } from '@streamdesk/contract/videos';
import { CURRENT_THRESHOLD, OBSERVED_RATIOS, playsAt } from './autoplay';
import { reportView } from './feed-api';
import { VideoLoading } from './feed-status';
import { useHlsSource } from '@/lib/hls-source';
import type { MediaPlan } from './load-order';
import type { WatchClock } from './watch-clock';

interface FeedVideoProps {
  item: FeedItem;
  index: number;
  /** The video on screen: it shows a spinner while it waits for data. */
  current: boolean;
  plan: MediaPlan;
  muted: boolean;
  /** The download overlay is up: nothing plays (or sounds) behind it. */
  stopped: boolean;
  /** Told when this video plays and stops, for the download overlay's timer. */
  clock: WatchClock;
  onCurrent: (index: number) => void;
  /** Whether this video has enough data to play ('canplay'), or has let it go ('emptied'). */
  onCanPlay: (index: number, canPlay: boolean) => void;
}

/** One screen of the feed: plays while more than 70% of it shows, muted until the first touch. */
export function FeedVideo({
  item,
  index,
  current,
  plan,
  muted,
  stopped,
  clock,
  onCurrent,
  onCanPlay,
}: FeedVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const viewed = useRef(false);
  // Read by the observer, which is not re-created when these change.
  const stoppedRef = useRef(stopped);
  const inView = useRef(false);
  // No frame to show yet, or playback stalled for data.
  const [waiting, setWaiting] = useState(true);
  // A poster, once asked for, stays (it is the picture of a video that let its source go).
  const [posterShown, setPosterShown] = useState(plan.poster);
  if (plan.poster && !posterShown) setPosterShown(true);

  useEffect(() => {
    stoppedRef.current = stopped;
    if (stopped) ref.current?.pause();
  }, [stopped]);

  // Taking the src attribute away does not free the media by itself: load() with none does.
  useEffect(() => {
    const video = ref.current;
    if (plan.keep || !video) return;
    video.pause();
    video.load();
  }, [plan.keep]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = muted;
    // A browser that refused even muted autoplay (iOS in Low Power Mode) plays on the first touch.
    if (!muted && inView.current && !stoppedRef.current && video.paused) void play(video);
  }, [muted]);

  // Its playing time stops counting when it goes.
  useEffect(() => () => clock.stop(index), [clock, index]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (entry.intersectionRatio >= CURRENT_THRESHOLD) onCurrent(index);
        inView.current = playsAt(entry.intersectionRatio);
        if (inView.current && !stoppedRef.current) {
          void play(video);
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

  // A video in view whose ladder hls.js has only just attached: its play() before had no source.
  const attached = useCallback((video: HTMLVideoElement) => {
    if (inView.current && !stoppedRef.current) void play(video);
  }, []);
  const src = useHlsSource(ref, item, plan, attached);

  const stop = () => clock.stop(index);
  async function play(video: HTMLVideoElement) {
    try {
      await video.play();
    } catch {
      // Refused or interrupted by a pause: no spinner for a video that is not coming.
      setWaiting(false);
    }
  }
  return (
    <section aria-label={`Video ${index + 1}`} className="relative h-dvh w-full snap-start snap-always">
      <video
        ref={ref}
        src={src}
        poster={posterShown ? item.thumbnail : undefined}
        muted
        loop
        playsInline
        preload={plan.preload}
        data-index={index}
        onCanPlay={() => onCanPlay(index, true)}
        onPlaying={() => {
          setWaiting(false);
          clock.start(index);
        }}
        onWaiting={() => {
          setWaiting(true);
          stop();
        }}
        onEmptied={() => {
          setWaiting(true);
          onCanPlay(index, false);
          stop();
        }}
        onError={() => setWaiting(false)}
        onPause={stop}
        onEnded={stop}
        className="h-full w-full object-contain"
      />
      {current && waiting && !stopped && <VideoLoading />}
    </section>
  );
}
