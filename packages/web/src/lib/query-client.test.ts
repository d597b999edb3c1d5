import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from './api-query';
import { internetServerError } from './api-client';
import { registerNavigator } from './navigation';
import { queryClient } from './query-client';

afterEach(() => {
  registerNavigator(null);
  queryClient.clear();
});

describe('the /Error rule of the query client', () => {
  it('navigates to /Error when a query throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    registerNavigator(navigate);
    const queryFn = () => Promise.reject(new ApiCallError(internetServerError()));
    await expect(queryClient.fetchQuery({ queryKey: ['a'], queryFn, retry: false })).rejects.toThrow(
      'Internet Server Error',
    );
    expect(navigate).toHaveBeenCalledWith('/Error', {});
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

  it('reloads every query after a write past its deadline, which may still have landed', async () => {
    let loads = 0;
    const queryFn = () => Promise.resolve(++loads);
    // A list on screen: an active query, which invalidation reloads.
    const unsubscribe = new QueryObserver(queryClient, { queryKey: ['list'], queryFn }).subscribe(() => {});
    await vi.waitFor(() => expect(queryClient.getQueryData(['list'])).toBe(1));
    const write = (reply: object) =>
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => Promise.resolve(reply) })
        .execute(undefined);

    await write({ status: false, message: 'Internet Server Error', networkFailure: true });
    await vi.waitFor(() => expect(queryClient.getQueryData(['list'])).toBe(1));
    await write({ status: false, message: 'late', networkFailure: true, timedOut: true });
    await vi.waitFor(() => expect(queryClient.getQueryData(['list'])).toBe(2));
    unsubscribe();
  });
});
