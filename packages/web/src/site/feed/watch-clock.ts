import { useEffect, useState } from 'react';

/**
 * Counts the time during which a video of the feed is actually playing, summed over every video of the
 * visit, and calls `onDue` once that sum reaches the budget. Loading, stalls ('waiting'), pauses and the
 * moments between two videos do not count (docs/decisions/0018-videos.md).
 */
export interface WatchClock {
  /** The budget in ms; 0 (or less) is due at once. Time played before it is known still counts. */
  setBudget(ms: number): void;
  /** The video `key` is playing (its 'playing' event). */
  start(key: number): void;
  /** The video `key` stopped: paused, waiting for data, emptied or gone. */
  stop(key: number): void;
  /** Stops counting everything (the feed is gone); a later start counts again. */
  halt(): void;
  /** The playing time counted so far, in ms. */
  watched(): number;
}

export function createWatchClock(onDue: () => void): WatchClock {
  const playing = new Set<number>();
  let budget: number | null = null;
  let counted = 0;
  let since = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = false;

  const running = () => playing.size > 0;
  const elapsed = () => counted + (running() ? performance.now() - since : 0);
  const fire = () => {
    timer = undefined;
    due = true;
    onDue();
  };
  const arm = () => {
    clearTimeout(timer);
    timer = undefined;
    if (due || budget === null) return;
    const left = budget - elapsed();
    if (left <= 0) fire();
    else if (running()) timer = setTimeout(fire, left);
  };

  return {
    setBudget(ms) {
      budget = ms;
      arm();
    },
    start(key) {
      if (playing.has(key)) return;
      if (!running()) since = performance.now();
      playing.add(key);
      arm();
    },
    stop(key) {
      if (!playing.has(key)) return;
      const now = elapsed();
      playing.delete(key);
      if (!running()) counted = now;
      arm();
    },
    halt() {
      counted = elapsed();
      playing.clear();
      arm();
    },
    watched: elapsed,
  };
}

/**
 * The download overlay's timer: due after `seconds` of playing time (at once for 0), or never while
 * `seconds` is unknown (null, before the first page). The clock lives as long as the feed.
 */
export function useWatchBudget(seconds: number | null): { due: boolean; clock: WatchClock } {
  const [due, setDue] = useState(false);
  const [clock] = useState(() => createWatchClock(() => setDue(true)));
  useEffect(() => {
    if (seconds !== null) clock.setBudget(seconds * 1000);
  }, [clock, seconds]);
  useEffect(() => () => clock.halt(), [clock]);
  return { due, clock };
}
