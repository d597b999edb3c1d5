import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, setRuntimeConfig } from '@/test/runtime';
import { POLLED_OLD_AFTER_MS } from '@/lib/stats-polling';
import { StatsList } from './stats-list';

const reply = (cpuLoad: number, liveView: number) =>
  jsonResponse({ status: true, message: 'ok', cpuLoad, ramUsage: 50, storageUsage: 20, liveView });

/** The list in the top bar, after a first poll that answers CPU 10% and 99 live viewers. */
function renderStats() {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(reply(10, 99));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <StatsList />
    </QueryClientProvider>,
  );
  return { fetchMock, client, region: screen.getByRole('region', { name: 'Server status' }) };
}

beforeEach(() => setRuntimeConfig());
afterEach(() => vi.unstubAllGlobals());

describe('StatsList', () => {
  it('shows each stat with its colour, updates on a poll, and keeps the values when a poll fails', async () => {
    const { fetchMock, client, region } = renderStats();
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

  it('colours a percentage by the whole number it shows: 49.9 and 50 are both 50% in yellow', async () => {
    const { fetchMock, client, region } = renderStats();
    await waitFor(() => expect(region).toHaveTextContent('CPU10%'));
    for (const [cpuLoad, shown, level] of [
      [49.9, '50%', 'yellow'],
      [49.4, '49%', 'green'],
      [80.4, '80%', 'yellow'],
      [80.5, '81%', 'red'],
    ] as const) {
      fetchMock.mockResolvedValueOnce(reply(cpuLoad, 1));
      await act(() => client.refetchQueries());
      await waitFor(() => expect(region).toHaveTextContent(`CPU${shown}`));
      expect(screen.getByText('CPU').closest('[data-level]'), String(cpuLoad)).toHaveAttribute(
        'data-level',
        level,
      );
    }
  });

  it('says the values are old once two polls in a row failed, and stops saying so when one answers', async () => {
    const { fetchMock, client, region } = renderStats();
    await waitFor(() => expect(region).toHaveTextContent('CPU10%'));
    const at = client.getQueryState(['system-stats'])!.dataUpdatedAt;

    // One failed poll, 5 s on: a blip, nothing said.
    const now = vi.spyOn(Date, 'now').mockReturnValue(at + POLLED_OLD_AFTER_MS / 2);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(() => client.refetchQueries());
    expect(within(region).queryByRole('status')).toBeNull();

    // The next fails too: the kept values are dimmed and say when they are from.
    now.mockReturnValue(at + POLLED_OLD_AFTER_MS);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(() => client.refetchQueries());
    const since = new Date(at).toLocaleTimeString([], {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    // The query tells its observers on a timer (TanStack's notifyManager), which act need not have run.
    expect(await within(region).findByRole('status')).toHaveTextContent(`Not updated since ${since}`);
    expect(region).toHaveTextContent('CPU10%RAM50%Storage20%Live99');
    expect(region.querySelector('dl')).toHaveClass('opacity-50');

    now.mockRestore();
    fetchMock.mockResolvedValueOnce(reply(20, 5));
    await act(() => client.refetchQueries());
    await waitFor(() => expect(region).toHaveTextContent('CPU20%'));
    expect(within(region).queryByRole('status')).toBeNull();
    expect(region.querySelector('dl')).not.toHaveClass('opacity-50');
  });
});
