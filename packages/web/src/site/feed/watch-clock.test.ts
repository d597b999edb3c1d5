import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWatchClock } from './watch-clock';

describe('the watch clock of the download overlay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts only the time a video plays, summed over the videos watched', () => {
    const due = vi.fn();
    const clock = createWatchClock(due);
    clock.setBudget(5000);
    vi.advanceTimersByTime(60_000); // loading: nothing plays
    clock.start(0);
    vi.advanceTimersByTime(2000);
    clock.stop(0); // stalled for data
    vi.advanceTimersByTime(30_000);
    clock.start(0);
    vi.advanceTimersByTime(1000);
    clock.stop(0); // scrolled on: the next video plays
    clock.start(1);
    vi.advanceTimersByTime(1999);
    expect(clock.watched()).toBe(4999);
    expect(due).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(due).toHaveBeenCalledOnce();
    clock.stop(1);
    clock.start(2);
    vi.advanceTimersByTime(10_000);
    expect(due).toHaveBeenCalledOnce();
  });

  it('counts two videos playing at once as one, and what played before the budget was known', () => {
    const due = vi.fn();
    const clock = createWatchClock(due);
    clock.start(0);
    vi.advanceTimersByTime(3000);
    clock.start(1);
    vi.advanceTimersByTime(1000);
    clock.stop(0);
    expect(clock.watched()).toBe(4000);
    clock.setBudget(5000);
    vi.advanceTimersByTime(999);
    expect(due).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(due).toHaveBeenCalledOnce();
  });

  it('is due at once for a budget of 0, and stops counting when halted', () => {
    const now = vi.fn();
    createWatchClock(now).setBudget(0);
    expect(now).toHaveBeenCalledOnce();

    const due = vi.fn();
    const clock = createWatchClock(due);
    clock.setBudget(2000);
    clock.start(0);
    vi.advanceTimersByTime(1000);
    clock.halt();
    vi.advanceTimersByTime(5000);
    expect(due).not.toHaveBeenCalled();
    expect(clock.watched()).toBe(1000);
  });
});
