import type { FeedReply } from '@streamdesk/contract/videos';
import { READ_DEADLINE_MS, withDeadline } from '@/lib/deadlines';
import { runtimeConfig } from '@/lib/runtime-config';

/**
 * The two app routes the feed calls. Written out rather than imported from the contract, whose route
 * objects carry zod schemas: importing one put zod (about 30 KB gzipped) into the public site's first
 * load. feed-api.test.ts checks they match the contract.
 */
export const feedPaths = {
  feed: '/api/App/video/category/client',
  events: '/api/App/events',
} as const;

export const feedMessages = {
  fetchFailed: 'Failed to fetch videos',
  connectionError: 'Error connecting to server',
} as const;

export type FeedPageResult = { ok: true; reply: FeedReply } | { ok: false; message: string };

/**
 * One page of the public feed. The feed is an app route: it carries the api-key the server hands
 * every page in /runtime-config.js, and no admin token. Kept apart from the admin API client so the
 * public bundle stays small. A page that does not come within the read deadline (20 s) is a
 * connection error, so the visitor gets Try Again instead of an endless loader.
 */
export async function fetchFeedPage(page: number): Promise<FeedPageResult> {
  const deadline = withDeadline(READ_DEADLINE_MS);
  let response: Response;
  try {
    response = await fetch(`${feedPaths.feed}?page=${page}&limit=10`, {
      headers: { accept: 'application/json', 'api-key': runtimeConfig().apiKey },
      signal: deadline.signal,
    });
  } catch {
    deadline.clear();
    return { ok: false, message: feedMessages.connectionError };
  }
  try {
    const reply = (await response.json()) as FeedReply;
    if (!response.ok || reply.status !== true) return { ok: false, message: feedMessages.fetchFailed };
    return { ok: true, reply };
  } catch {
    return {
      ok: false,
      message: deadline.expired() ? feedMessages.connectionError : feedMessages.fetchFailed,
    };
  } finally {
    deadline.clear();
  }
}

const CLIENT_KEY = 'streamdesk_site_client';

/** A random id for this browser, kept across visits, so views count visitors (not secure contexts too). */
function clientId(): string {
  try {
    const known = localStorage.getItem(CLIENT_KEY);
    if (known) return known;
  } catch {
    // Storage may be off (private mode): a fresh id per page load is fine.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const id = `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  try {
    localStorage.setItem(CLIENT_KEY, id);
  } catch {
    // See above.
  }
  return id;
}

/** Reports a view through the app events; fire-and-forget, failures ignored. */
export function reportView(videoId: string): void {
  try {
    void fetch(feedPaths.events, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', 'api-key': runtimeConfig().apiKey },
      body: JSON.stringify({
        events: [{ type: 'view', entity: 'video', id: videoId, clientId: clientId() }],
      }),
    }).catch(() => undefined);
  } catch {
    // Never let counting break the feed.
  }
}
