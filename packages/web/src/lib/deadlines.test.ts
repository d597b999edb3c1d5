import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deadlineFor,
  DeadlineError,
  isTimedOut,
  READ_DEADLINE_MS,
  settleWithin,
  WRITE_DEADLINE_MS,
  withDeadline,
} from './deadlines';

afterEach(() => vi.useRealTimers());

describe('deadlineFor', () => {
  it('gives reads 20 s and writes 30 s plus their body at 16 KB/s', () => {
    expect(deadlineFor('GET')).toBe(READ_DEADLINE_MS);
    expect(deadlineFor('DELETE')).toBe(WRITE_DEADLINE_MS);
    expect(deadlineFor('PUT', 'x'.repeat(1600))).toBe(WRITE_DEADLINE_MS + 100);
    const form = new FormData();
    form.append('insertData', '{}');
    form.append('video', new Blob([new Uint8Array(30 * 1024 * 1024)]), 'story.mp4');
    // A 30 MB story gets about 33 minutes on a slow uplink, not the 30 s of a small write; a 2.3 MB video
    // sent at 20 KB/s (115 s) is no longer cut off.
    expect(deadlineFor('POST', form)).toBe(WRITE_DEADLINE_MS + Math.ceil((30 * 1024 * 1024 + 2) / 16));
    const video = new FormData();
    video.append('video', new Blob([new Uint8Array(2.3 * 1024 * 1024)]), 'story.mp4');
    expect(deadlineFor('POST', video)).toBeGreaterThan((2.3 * 1024 * 1024) / 20);
  });
});

describe('withDeadline', () => {
  it('aborts when the time is up and says so', () => {
    vi.useFakeTimers();
    const deadline = withDeadline(1000);
    vi.advanceTimersByTime(999);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect([deadline.signal.aborted, deadline.expired()]).toEqual([true, true]);
  });

  it("follows the caller's own abort, which is not a timeout, and stops its timer when cleared", () => {
    vi.useFakeTimers();
    const outer = new AbortController();
    const deadline = withDeadline(1000, outer.signal);
    outer.abort();
    expect([deadline.signal.aborted, deadline.expired()]).toEqual([true, false]);
    const cleared = withDeadline(1000);
    cleared.clear();
    vi.advanceTimersByTime(5000);
    expect(cleared.signal.aborted).toBe(false);
  });
});

describe('settleWithin', () => {
  it("gives the work's result when it settles in time, else the fallback, and leaves no timer", async () => {
    vi.useFakeTimers();
    await expect(settleWithin(1000, Promise.resolve('done'), 'late')).resolves.toBe('done');
    expect(vi.getTimerCount()).toBe(0);
    const pending = settleWithin(1000, new Promise<string>(() => {}), 'late');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toBe('late');
  });
});

describe('isTimedOut', () => {
  it('knows a timed-out reply, a query error carrying one, and an upload cut off', () => {
    expect(isTimedOut({ status: false, message: 'm', timedOut: true })).toBe(true);
    expect(isTimedOut({ reply: { status: false, timedOut: true } })).toBe(true);
    expect(isTimedOut(new DeadlineError('m'))).toBe(true);
    expect(isTimedOut({ status: false, message: 'Internet Server Error', networkFailure: true })).toBe(false);
    expect(isTimedOut(new Error('Network Error'))).toBe(false);
    expect(isTimedOut(undefined)).toBe(false);
  });
});
