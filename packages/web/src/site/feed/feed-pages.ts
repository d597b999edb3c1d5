import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedItem } from '@streamdesk/contract/videos';
import { fetchFeedPage } from './feed-api';

/** The next page loads when the current video is this close to the end of the list. */
export const NEXT_PAGE_DISTANCE = 2;

interface Loaded {
  items: FeedItem[];
  page: number;
  totalPage: number;
  /** Seconds of watching before the download overlay; null until the first page. */
  webPosition: number | null;
}

export interface FeedPages extends Loaded {
  /** The page being fetched, if any (page 1 at first). */
  pending: number | null;
  /** The last failure and the page it was for; the videos already shown stay. */
  error: { message: string; page: number } | null;
  /** Asks again for the page that failed. */
  retry: () => void;
}

/**
 * A next page's items after those shown, leaving out any already shown: pages are by offset, so a video
 * enabled for the web while the visitor watches shifts the later pages by one, and the last video of
 * a page comes again at the top of the next.
 */
export function appendNew(shown: readonly FeedItem[], page: readonly FeedItem[]): FeedItem[] {
  const ids = new Set(shown.map((item) => item._id));
  return [
    ...shown,
    ...page.filter((item) => {
      if (ids.has(item._id)) return false;
      ids.add(item._id);
      return true;
    }),
  ];
}

/**
 * The feed's pages: page 1 at once (it replaces the list), then the next one whenever the current video
 * comes within two of the end (appended). A failed page waits for Try Again, or for the browser to come
 * back online, keeping what is shown. An empty first page means there is nothing to see.
 */
export function useFeedPages(current: number, onEmpty: () => void): FeedPages {
  const [loaded, setLoaded] = useState<Loaded>({ items: [], page: 0, totalPage: 0, webPosition: null });
  const [pending, setPending] = useState<number | null>(1);
  const [error, setError] = useState<FeedPages['error']>(null);
  const busy = useRef(false);
  const onEmptyRef = useRef(onEmpty);
  useEffect(() => {
    onEmptyRef.current = onEmpty;
  }, [onEmpty]);

  const load = useCallback(async (next: number) => {
    if (busy.current) return;
    busy.current = true;
    setPending(next);
    setError(null);
    const result = await fetchFeedPage(next);
    busy.current = false;
    setPending(null);
    if (!result.ok) {
      setError({ message: result.message, page: next });
      return;
    }
    const { data, totalPage, webPosition } = result.reply;
    setLoaded((before) =>
      next === 1
        ? { items: data, page: 1, totalPage, webPosition }
        : { ...before, items: appendNew(before.items, data), page: next, totalPage },
    );
    if (next === 1 && !data.length) onEmptyRef.current();
  }, []);

  useEffect(() => {
    void load(1);
  }, [load]);

  const { items, page, totalPage } = loaded;
  useEffect(() => {
    if (items.length && current >= items.length - NEXT_PAGE_DISTANCE && page < totalPage) void load(page + 1);
  }, [current, items.length, page, totalPage, load]);

  const failed = error?.page;
  const retry = useCallback(() => {
    if (failed !== undefined) void load(failed);
  }, [failed, load]);

  // A page lost to a dropped connection comes in by itself once the browser is back online.
  useEffect(() => {
    if (failed === undefined) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, retry]);

  return { ...loaded, pending, error, retry };
}
