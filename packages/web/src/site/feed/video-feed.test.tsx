import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedItem } from '@streamdesk/contract/videos';
import { hangingFetch, jsonResponse, pendingResponse, stubbedFetch } from '@/test/runtime';
import { VideoFeed } from './video-feed';

const fetchMock = stubbedFetch();

const items = (from: number, count: number): FeedItem[] =>
  Array.from({ length: count }, (_, i) => ({
    _id: `v${from + i}`,
    video: `/media/videos/v${from + i}.mp4`,
    thumbnail: `/media/videos/v${from + i}.jpg`,
  }));
const feedPage = (data: FeedItem[], totalPage = 1, webPosition = 100) =>
  jsonResponse({ status: true, message: 'ok', data, totalPage, webPosition });

/** Answers each feed page with its own handler; view events are accepted. */
function serveFeed(pages: Record<number, () => Promise<Response>>) {
  fetchMock.mockImplementation((url) => {
    const { pathname, searchParams } = new URL(String(url), 'http://localhost');
    if (pathname === '/api/App/events') return Promise.resolve(jsonResponse({ status: true }));
    return pages[Number(searchParams.get('page'))]!();
  });
}
const feedCalls = (page: number) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes(`client?page=${page}&`)).length;

// jsdom has no layout and no media: the test says what is in view, and what a video does.
const observed = new Map<Element, IntersectionObserverCallback>();
class FakeIntersectionObserver {
  constructor(private callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    observed.set(target, this.callback);
  }
  disconnect() {}
}
/** Shows `share` of video `index`, as the observer would report it. */
function inView(index: number, share: number) {
  const target = video(index);
  const entry = { target, intersectionRatio: share } as unknown as IntersectionObserverEntry;
  act(() => observed.get(target)!([entry], {} as IntersectionObserver));
}
const video = (index: number) => document.querySelector<HTMLVideoElement>(`video[data-index="${index}"]`)!;
const overlay = () => screen.queryByRole('dialog', { name: 'Watch the full video in our app' });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  observed.clear();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue();
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue();
});

describe('the download overlay', () => {
  it('comes after webPosition seconds of videos playing, not of time on the page', async () => {
    vi.useFakeTimers();
    serveFeed({ 1: async () => feedPage(items(1, 10), 1, 5) });
    render(<VideoFeed onUnavailable={vi.fn()} />);
    await advance(0);
    expect(screen.getAllByRole('region')).toHaveLength(10);

    await advance(8000); // the first video still loading on a slow line
    expect(overlay()).toBeNull();
    fireEvent.playing(video(0));
    await advance(3000);
    fireEvent.waiting(video(0)); // a stall does not count
    await advance(8000);
    expect(overlay()).toBeNull();
    fireEvent.playing(video(0));
    await advance(1000);
    fireEvent.pause(video(0)); // on to the next video: the time adds up
    fireEvent.playing(video(1));
    await advance(999);
    expect(overlay()).toBeNull();
    await advance(1);
    expect(overlay()).toBeInTheDocument();
  });
});

describe('the feed on a slow line', () => {
  it('shows a loading state until the first page comes', async () => {
    const first = pendingResponse();
    serveFeed({ 1: first.handler });
    render(<VideoFeed onUnavailable={vi.fn()} />);
    expect(screen.getByRole('status', { name: 'Loading videos' })).toBeVisible();
    await act(async () => first.answer({ status: true, data: items(1, 3), totalPage: 1, webPosition: 100 }));
    expect(screen.queryByRole('status', { name: 'Loading videos' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Video 1' })).toBeInTheDocument();
    // The first video shows a spinner of its own until it plays.
    const first1 = within(screen.getByRole('region', { name: 'Video 1' }));
    expect(first1.getByRole('status', { name: 'Loading the video' })).toBeInTheDocument();
    fireEvent.playing(video(0));
    expect(first1.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the loading state until the deadline, then the error with Try Again', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    render(<VideoFeed onUnavailable={vi.fn()} />);
    await advance(19_999);
    expect(screen.getByRole('status', { name: 'Loading videos' })).toBeVisible();
    await advance(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Error connecting to server');
    expect(screen.queryByRole('status', { name: 'Loading videos' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  it("lets the first video load alone: the next one's metadata and poster wait until it can play", async () => {
    serveFeed({ 1: async () => feedPage(items(1, 10)) });
    render(<VideoFeed onUnavailable={vi.fn()} />);
    await screen.findByRole('region', { name: 'Video 10' });
    const loads = () =>
      [0, 1, 2, 3].map((i) => [video(i).getAttribute('preload'), video(i).hasAttribute('poster')]);
    expect(loads()).toEqual([
      ['metadata', true],
      ['none', false],
      ['none', false],
      ['none', false],
    ]);
    fireEvent.canPlay(video(0));
    expect(loads()).toEqual([
      ['metadata', true],
      ['metadata', true],
      ['none', false],
      ['none', false],
    ]);
  });
});

describe('a next page that fails', () => {
  it('offers Try Again, which loads it and keeps the videos shown', async () => {
    let secondFails = true;
    serveFeed({
      1: async () => feedPage(items(1, 10), 2),
      2: async () => {
        if (secondFails) throw new TypeError('Failed to fetch');
        return feedPage(items(11, 2), 2);
      },
    });
    render(<VideoFeed onUnavailable={vi.fn()} />);
    await screen.findByRole('region', { name: 'Video 10' });
    inView(8, 1); // within two of the end
    expect(await screen.findByRole('alert')).toHaveTextContent('Error connecting to server');
    expect(screen.getAllByRole('region')).toHaveLength(10);

    secondFails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Video 12' })).toBeInTheDocument();
    expect(screen.getAllByRole('region')).toHaveLength(12);
    expect(screen.getByRole('region', { name: 'Video 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(feedCalls(1)).toBe(1);
  });

  it('loads it by itself when the browser comes back online', async () => {
    let online = false;
    serveFeed({
      1: async () => feedPage(items(1, 10), 2),
      2: async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return feedPage(items(11, 2), 2);
      },
    });
    render(<VideoFeed onUnavailable={vi.fn()} />);
    await screen.findByRole('region', { name: 'Video 10' });
    inView(8, 1);
    await screen.findByRole('alert');
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('region', { name: 'Video 12' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
