import type { RouteDef } from '@streamdesk/contract/http';
import { idempotencyMessages, takesIdempotencyKey } from '@streamdesk/contract/idempotency';

/**
 * The Idempotency-Key of each admin write (docs/decisions/0010-bad-network.md). The same change sent
 * again while its outcome is unknown (no reply came, or the server said it is still saving it) goes
 * with the same key, so the server makes it once and answers with the first reply; once a reply came,
 * the same change sent again is a new one (a switch pressed twice switches twice).
 */

/** Changes whose outcome is unknown, oldest first. */
const unsettled = new Map<string, string>();
const MAX_UNSETTLED = 100;

/** 32 hex digits. Not `crypto.randomUUID`, which browsers give only to secure (https) pages. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const formFingerprint = (form: FormData) =>
  [...form].map(([name, value]) =>
    typeof value === 'string'
      ? [name, value]
      : [name, value.name, value.size, value.type, value.lastModified],
  );

/** What makes two calls the same change: the method, the URL, and the body before any sealing. */
export function changeFingerprint(method: string, url: string, body: unknown): string {
  return JSON.stringify([method, url, body instanceof FormData ? formFingerprint(body) : (body ?? null)]);
}

function remember(fingerprint: string, key: string) {
  unsettled.delete(fingerprint);
  unsettled.set(fingerprint, key);
  for (const oldest of unsettled.keys()) {
    if (unsettled.size <= MAX_UNSETTLED) break;
    unsettled.delete(oldest);
  }
}

export interface WriteKey {
  key: string;
  /** The server answered: the change is settled, and the same change sent again is a new one. */
  settled(): void;
  /** No answer (or 'still saving'): the same change sent again reuses the key. */
  unsettled(): void;
}

/** The key of an admin write, or undefined for calls that take none. */
export function writeKeyFor(route: RouteDef, url: string, body: unknown): WriteKey | undefined {
  if (!takesIdempotencyKey(route)) return undefined;
  const fingerprint = changeFingerprint(route.method, url, body);
  const key = unsettled.get(fingerprint) ?? newKey();
  // Held while in flight too: the same change sent meanwhile (a second click) goes with this key.
  remember(fingerprint, key);
  return {
    key,
    settled: () => {
      if (unsettled.get(fingerprint) === key) unsettled.delete(fingerprint);
    },
    unsettled: () => remember(fingerprint, key),
  };
}

/** Writes sent and not yet answered, by key. */
const inFlight = new Map<string, Promise<unknown>>();

/**
 * Sends a write, or, while the same change is already in flight from this page (a double click, a form
 * submitted twice before its button could disable), answers with that request's outcome instead of
 * sending it again: the server would only say 'still being saved' (409), shown as an error beside the
 * first request's success, and a screen that acts on its latest call's reply (TanStack Query runs a
 * `mutate` call's own callbacks for the latest call only) would miss the success.
 */
export function sendOnce<T>(writeKey: WriteKey | undefined, send: () => Promise<T>): Promise<T> {
  if (!writeKey) return send();
  const running = inFlight.get(writeKey.key);
  if (running) return running as Promise<T>;
  const sent = send().finally(() => inFlight.delete(writeKey.key));
  inFlight.set(writeKey.key, sent);
  return sent;
}

/** Whether a reply is the server's 409 for the same change sent before and still being made. */
export const isStillSaving = (status: number, reply: unknown) =>
  status === 409 && (reply as { message?: unknown } | null)?.message === idempotencyMessages.stillSaving;

/**
 * Settles a write's key by its reply's status: below 500 the reply says what became of the change, but
 * for 'still being saved'. A 5xx keeps the key: the server freed it, or a proxy answered for a server
 * that may still be making the change.
 */
export function settleWriteKey(writeKey: WriteKey | undefined, status: number, reply: unknown): void {
  if (status < 500 && !isStillSaving(status, reply)) writeKey?.settled();
  else writeKey?.unsettled();
}
