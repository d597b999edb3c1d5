import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useInFlight } from './use-in-flight';

describe('useInFlight', () => {
  it('holds each id until its own work ends, however the works overlap', async () => {
    const { result } = renderHook(() => useInFlight());
    let endA: () => void = () => undefined;
    let endB: () => void = () => undefined;
    let a: Promise<string> | undefined;
    let b: Promise<void> | undefined;
    act(() => {
      a = result.current.run('a', () => new Promise<string>((resolve) => (endA = () => resolve('done'))));
      b = result.current.run(['b', 'c'], () => new Promise<void>((resolve) => (endB = resolve)));
    });
    expect(['a', 'b', 'c'].map((id) => result.current.has(id))).toEqual([true, true, true]);
    await act(async () => {
      endB();
      await b;
    });
    expect(['a', 'b', 'c'].map((id) => result.current.has(id))).toEqual([true, false, false]);
    expect(result.current.any).toBe(true);
    await act(async () => {
      endA();
      expect(await a).toBe('done');
    });
    expect([result.current.has('a'), result.current.any]).toEqual([false, false]);
  });

  it('lets go of the id when the work fails', async () => {
    const { result } = renderHook(() => useInFlight());
    await act(async () => {
      await expect(result.current.run('x', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    });
    expect(result.current.has('x')).toBe(false);
  });
});
