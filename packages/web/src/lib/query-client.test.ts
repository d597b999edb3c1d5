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
});
