import { act, renderHook } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '@/lib/api-client';
import { useBulkDelete } from './bulk-delete';

// The delete's toasts are not this test's business: spied on, none is raised.
beforeEach(() => {
  vi.spyOn(toast, 'error').mockReturnValue(1);
  vi.spyOn(toast, 'success').mockReturnValue(1);
});

describe('useBulkDelete', () => {
  it('holds the rows being deleted: asking for them again asks only for the others, until the reply', async () => {
    let answer!: (reply: { status: boolean; message: string }) => void;
    const remove = vi.fn(() => new Promise<{ status: boolean; message: string }>((r) => (answer = r)));
    const { result } = renderHook(() => useBulkDelete(['a', 'b', 'c'], remove));

    act(() => result.current.toggle('a'));
    act(() => result.current.toggle('b'));
    act(() => result.current.ask());
    expect(result.current.confirming).toEqual(['a', 'b']);
    act(() => result.current.confirm());
    expect(remove).toHaveBeenCalledWith(['a', 'b']);
    expect([result.current.isDeleting('a'), result.current.isDeleting('c')]).toEqual([true, false]);

    // A row's own Delete pressed while the bulk delete runs.
    act(() => result.current.ask(['a']));
    expect(result.current.confirming).toBeNull();
    act(() => result.current.ask(['b', 'c']));
    expect(result.current.confirming).toEqual(['c']);
    act(() => result.current.cancel());

    await act(async () => answer({ status: true, message: 'Deleted' }));
    expect(result.current.isDeleting('a')).toBe(false);
    expect(result.current.chosen).toEqual([]);
  });

  it('frees the rows when the delete fails, so they can be asked for again', async () => {
    const remove = vi.fn(() =>
      Promise.reject(new ApiCallError({ status: false, message: 'Not found' }, 404)),
    );
    const { result } = renderHook(() => useBulkDelete(['a'], remove));
    act(() => result.current.ask(['a']));
    await act(async () => result.current.confirm());
    expect(result.current.isDeleting('a')).toBe(false);
    act(() => result.current.ask(['a']));
    expect(result.current.confirming).toEqual(['a']);
  });
});
