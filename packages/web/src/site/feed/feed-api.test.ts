import { describe, expect, it, vi } from 'vitest';
import { analyticsRoutes } from '@streamdesk/contract/analytics';
import { videoRoutes } from '@streamdesk/contract/videos';
import { hangingFetch, jsonResponse, stubbedFetch } from '@/test/runtime';
import { feedPaths, fetchFeedPage } from './feed-api';

const fetchMock = stubbedFetch();

it('calls the contract routes', () => {
  expect(feedPaths).toEqual({ feed: videoRoutes.feed.path, events: analyticsRoutes.events.path });
});

describe('fetchFeedPage', () => {
  it('asks for ten videos of a page with the api-key and hands back the reply', async () => {
    const reply = { status: true, message: 'ok', data: [], totalPage: 1 };
    fetchMock.mockResolvedValue(jsonResponse(reply));
    expect(await fetchFeedPage(2)).toEqual({ ok: true, reply });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/App/video/category/client?page=2&limit=10');
    expect((init!.headers as Record<string, string>)['api-key']).toBe('test-api-key');
  });

  it("says 'Failed to fetch videos' for a refusal and 'Error connecting to server' when no reply comes", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: false, message: 'no' }, 403));
    expect(await fetchFeedPage(1)).toEqual({ ok: false, message: 'Failed to fetch videos' });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await fetchFeedPage(1)).toEqual({ ok: false, message: 'Error connecting to server' });
  });

  it('gives up after 20 s, so the visitor gets Try Again instead of an endless loader', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    let result: unknown;
    void fetchFeedPage(1).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ ok: false, message: 'Error connecting to server' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
