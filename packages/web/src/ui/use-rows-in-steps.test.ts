import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_ROWS, ROWS_PER_STEP, useRowsInSteps } from './use-rows-in-steps';

describe('useRowsInSteps', () => {
  it('draws the first screen of a long list first, then the rest in steps, then all of whatever comes', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(
      ({ total }) => {
        const shown = useRowsInSteps(total);
        seen.push(shown);
        return shown;
      },
      { initialProps: { total: 200 } },
    );
    expect(seen[0]).toBe(FIRST_ROWS);

    await waitFor(() => expect(result.current).toBe(Infinity));
    // Each step added ROWS_PER_STEP, after the paint of the one before; the one reaching the end drew all.
    const step = ROWS_PER_STEP;
    expect([...new Set(seen)]).toEqual([25, 25 + step, 25 + 2 * step, 25 + 3 * step, Infinity]);

    // Another page (or a longer one) draws at once: no stepping back to the first screen.
    rerender({ total: 300 });
    expect(result.current).toBe(Infinity);
  });

  it('draws a short list whole, and waits for a list still loading', async () => {
    const { result, rerender } = renderHook(({ total }) => useRowsInSteps(total), {
      initialProps: { total: 0 },
    });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(result.current).toBe(FIRST_ROWS);

    rerender({ total: 12 });
    await waitFor(() => expect(result.current).toBe(Infinity));
  });
});
