import { liveMatchRoutes } from '@streamdesk/contract/live-matches';
import { systemStatsRoutes } from '@streamdesk/contract/system-stats';
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubbedFetch } from '@/test/runtime';
import { fetchApi } from './api-query';
import { ApiCallError, callApi, internetServerError } from './api-client';
import { DeadlineError } from './deadlines';
import { UploadNetworkError, UploadRefusedError } from './upload';
import { registerNavigator } from './navigation';
import { queryClient } from './query-client';

afterEach(() => {
  registerNavigator(null);
  queryClient.clear();
  vi.useRealTimers();
});

describe('the /Error rule of the query client', () => {
  it('keeps a load whose call failed on its screen, and sends a query that throws anything else to /Error, saying where from', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    registerNavigator(navigate, () => ({ pathname: '/stories', search: '?page=2' }));
    const failedCall = () => Promise.reject(new ApiCallError(internetServerError()));
    await expect(
      queryClient.fetchQuery({ queryKey: ['a'], queryFn: failedCall, retry: false }),
    ).rejects.toThrow('Internet Server Error');
    expect(navigate).not.toHaveBeenCalled();
    const bug = () => Promise.reject(new TypeError('a bug'));
    await expect(queryClient.fetchQuery({ queryKey: ['a2'], queryFn: bug, retry: false })).rejects.toThrow();
    expect(navigate).toHaveBeenCalledWith('/Error', { state: { from: '/stories?page=2' } });
  });

  it("only logs when the query's meta says so (the stats poll)", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    registerNavigator(navigate);
    const queryFn = () => Promise.reject(new Error('down'));
    await expect(
      queryClient.fetchQuery({ queryKey: ['b'], queryFn, retry: false, meta: { onError: 'log' } }),
    ).rejects.toThrow();
    expect(navigate).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });

  it("with 'log-refetch', a first load that fails goes to /Error, a failed reload of shown data is only logged", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    registerNavigator(navigate);
    const options = { queryKey: ['c'], retry: false, meta: { onError: 'log-refetch' as const } };
    const fail = () => Promise.reject(new Error('down'));

    await expect(queryClient.fetchQuery({ ...options, queryFn: fail })).rejects.toThrow();
    expect(navigate).toHaveBeenCalledTimes(1);

    await queryClient.fetchQuery({ ...options, queryFn: () => Promise.resolve('rows') });
    await expect(queryClient.fetchQuery({ ...options, queryFn: fail, staleTime: 0 })).rejects.toThrow();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['c'])).toBe('rows');
  });

  it("leaves a mutation's failed call to the screen's onError, and sends any other thrown mutation to /Error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    registerNavigator(navigate);
    const seen: string[] = [];
    const mutate = (error: Error) =>
      queryClient
        .getMutationCache()
        .build(queryClient, {
          mutationFn: () => Promise.reject(error),
          onError: (e: Error) => void seen.push(e.message),
        })
        .execute(undefined)
        .catch(() => {});
    await mutate(new ApiCallError({ status: false, message: 'Name is required' }, 400));
    expect(seen).toEqual(['Name is required']);
    expect(navigate).not.toHaveBeenCalled();
    await mutate(new TypeError('a bug'));
    expect(navigate).toHaveBeenCalledWith('/Error', { state: { from: '/' } });
  });

  it("sends a mutation's call that got no reply to /Error when its meta says 'page' (the in-house upload)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The reloads after a write with no reply are timers: kept fake, they do not reach the next test.
    vi.useFakeTimers();
    const navigate = vi.fn();
    registerNavigator(navigate);
    const mutate = (error: Error) =>
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => Promise.reject(error), meta: { onError: 'page' } })
        .execute(undefined)
        .catch(() => {});
    await mutate(new ApiCallError({ status: false, message: 'Upload failed!' }, 400));
    expect(navigate).not.toHaveBeenCalled();
    await mutate(new ApiCallError(internetServerError()));
    expect(navigate).toHaveBeenCalledWith('/Error', { state: { from: '/' } });
  });
});

/** A list on screen (an active query, which invalidation reloads): how many times it loaded. */
function listOnScreen() {
  let loads = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: ['list'],
    queryFn: () => Promise.resolve(++loads),
  });
  const unsubscribe = observer.subscribe(() => {});
  return { loads: () => loads, unsubscribe };
}

const write = (outcome: { reply: unknown } | { error: unknown }) =>
  queryClient
    .getMutationCache()
    .build(queryClient, {
      mutationFn: () => ('error' in outcome ? Promise.reject(outcome.error) : Promise.resolve(outcome.reply)),
    })
    .execute(undefined)
    .catch(() => {});

describe('after a write whose outcome is unknown', () => {
  it.each([
    ['a network failure', { reply: internetServerError() }],
    ['a deadline', { reply: { status: false, message: 'late', networkFailure: true, timedOut: true } }],
    ['"still being saved"', { reply: { status: false, message: 'saving', stillSaving: true } }],
    ['a thrown network failure', { error: new ApiCallError(internetServerError()) }],
    ['a failed upload', { error: new UploadNetworkError() }],
    ['an upload past its deadline', { error: new DeadlineError('late') }],
  ])('reloads every query at once, 3 s and 10 s later: %s', async (_what, outcome) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    registerNavigator(vi.fn());
    vi.useFakeTimers();
    const list = listOnScreen();
    await vi.advanceTimersByTimeAsync(0);
    expect(list.loads()).toBe(1);
    await write(outcome);
    await vi.advanceTimersByTimeAsync(0);
    expect(list.loads()).toBe(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(list.loads()).toBe(3);
    await vi.advanceTimersByTimeAsync(7_000);
    expect(list.loads()).toBe(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(list.loads()).toBe(4);
    list.unsubscribe();
  });

  it('only logs a failed reload of a list on screen: the network that lost the write may still be down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    registerNavigator(navigate);
    vi.useFakeTimers();
    let up = true;
    let loads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['rows'],
      queryFn: () => {
        loads++;
        return up ? Promise.resolve('rows') : Promise.reject(new ApiCallError(internetServerError()));
      },
      retry: false,
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    up = false;
    await write({ reply: internetServerError() });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(loads).toBe(4);
    expect(navigate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(['rows'])).toBe('rows');
    // A failed reload stays on the screen at any time now (issue 36); the rows shown stay.
    await queryClient.refetchQueries();
    expect(navigate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(['rows'])).toBe('rows');
    unsubscribe();
  });

  it('reloads nothing itself after a write that was answered', async () => {
    vi.useFakeTimers();
    const list = listOnScreen();
    await vi.advanceTimersByTimeAsync(0);
    await write({ reply: { status: false, message: 'Not found' } });
    await write({ reply: { status: false, message: 'Internet Server Error' } });
    await write({ reply: { status: true, message: 'ok' } });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(list.loads()).toBe(1);
    list.unsubscribe();
  });
});

describe('after a write that found its record gone (404)', () => {
  it.each([
    ['a refusal', { reply: { status: false, message: 'Story not found.', gone: true } }],
    ['a refused upload', { error: new UploadRefusedError(404, 'Category not found') }],
  ])('reloads every query once, so the stale row or selection goes: %s', async (_what, outcome) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    registerNavigator(vi.fn());
    vi.useFakeTimers();
    const list = listOnScreen();
    await vi.advanceTimersByTimeAsync(0);
    await write(outcome);
    await vi.advanceTimersByTimeAsync(0);
    expect(list.loads()).toBe(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(list.loads()).toBe(2);
    list.unsubscribe();
  });
});

describe('offline', () => {
  const fetchMock = stubbedFetch();
  const paused = () => new Promise((resolve) => setTimeout(() => resolve('paused'), 1000));

  it('a write fails at once with Internet Server Error and is not sent later by itself', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    onlineManager.setOnline(false);
    try {
      const mutation = queryClient.getMutationCache().build(queryClient, {
        mutationFn: () => callApi(liveMatchRoutes.removeWebAds, { body: { id: ['a'] } }),
      });
      expect(await Promise.race([mutation.execute(undefined), paused()])).toMatchObject({
        status: false,
        message: 'Internet Server Error',
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      onlineManager.setOnline(true);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a read fails at once too, rather than waiting for the network', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    registerNavigator(vi.fn());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    onlineManager.setOnline(false);
    try {
      const read = queryClient
        .fetchQuery({ queryKey: ['offline'], queryFn: () => fetchApi(systemStatsRoutes.get), retry: false })
        .catch((error: unknown) => (error as Error).message);
      expect(await Promise.race([read, paused()])).toBe('Internet Server Error');
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
