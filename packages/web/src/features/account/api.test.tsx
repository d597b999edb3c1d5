import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { teamKey } from '@/lib/access';
import { mockApi } from '@/test/render-app';
import { setRuntimeConfig } from '@/test/runtime';
import { twoStepKey, useConfirmTwoStep, useDisableTwoStep } from './api';

beforeEach(() => setRuntimeConfig());
afterEach(() => vi.unstubAllGlobals());

/** A client holding the Team list and one's two-step status, both fresh. */
function withCachedLists() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(teamKey, { status: true, message: 'ok', data: [] });
  client.setQueryData(twoStepKey, { status: true, message: 'ok', enabled: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const stale = () => [teamKey, twoStepKey].map((key) => client.getQueryState(key)?.isInvalidated);
  return { wrapper, stale };
}

describe("one's own two-step sign-in, turned on or off", () => {
  it("marks the Team list's Two-step column out of date, beside the Account screen's status", async () => {
    mockApi({
      'POST /api/admin/account/two-step/confirm': { status: true, message: 'on' },
      'POST /api/admin/account/two-step/disable': { status: true, message: 'off' },
    });
    const on = withCachedLists();
    const confirm = renderHook(() => useConfirmTwoStep(), { wrapper: on.wrapper });
    expect(on.stale()).toEqual([false, false]);
    await act(() => confirm.result.current.mutateAsync('123456'));
    expect(on.stale()).toEqual([true, true]);

    const off = withCachedLists();
    const disable = renderHook(() => useDisableTwoStep(), { wrapper: off.wrapper });
    await act(() => disable.result.current.mutateAsync('a password'));
    expect(off.stale()).toEqual([true, true]);
  });
});
