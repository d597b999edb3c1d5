import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, setRuntimeConfig } from '@/test/runtime';
import { StatsList } from './stats-list';

const reply = (cpuLoad: number, liveView: number) =>
  jsonResponse({ status: true, message: 'ok', cpuLoad, ramUsage: 50, storageUsage: 20, liveView });

beforeEach(() => setRuntimeConfig());
afterEach(() => vi.unstubAllGlobals());

describe('StatsList', () => {
  it('shows each stat with its colour, updates on a poll, and keeps the values when a poll fails', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(reply(10, 99));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <StatsList />
      </QueryClientProvider>,
    );
    const region = screen.getByRole('region', { name: 'Server status' });
    await waitFor(() => expect(region).toHaveTextContent('CPU10%RAM50%Storage20%Live99'));
    expect(screen.getByText('RAM').closest('[data-level]')).toHaveAttribute('data-level', 'yellow');
    expect(screen.getByText('Live').closest('[data-level]')).toHaveAttribute('data-level', 'green');

    fetchMock.mockResolvedValueOnce(reply(85, 600));
    await act(() => client.refetchQueries());
    await waitFor(() => expect(region).toHaveTextContent('CPU85%RAM50%Storage20%Live600'));
    expect(screen.getByText('CPU').closest('[data-level]')).toHaveAttribute('data-level', 'red');

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(() => client.refetchQueries());
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: false, message: 'boom' }, 500));
    await act(() => client.refetchQueries());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(region).toHaveTextContent('CPU85%RAM50%Storage20%Live600');
    expect(client.getQueryState(['system-stats'])?.status).toBe('error');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
