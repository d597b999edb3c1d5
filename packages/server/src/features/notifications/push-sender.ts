import { setTimeout as sleep } from 'node:timers/promises';
import pRetry from 'p-retry';
import type { ChannelDelivery, PushChannel } from '@streamdesk/contract/notifications';

/** What every channel delivers: one notification to its whole audience. */
export interface PushMessage {
  id: string;
  title: string;
  body: string;
  url: string | null;
  /** The icon's path on this server (`/media/...`), for clients of the same origin. */
  icon: string | null;
  /** The icon as an absolute URL, for clients elsewhere (the mobile app). */
  iconUrl: string | null;
}

/** One delivery channel (FCM, Web Push). `send` never throws: the result says what happened. */
export interface PushSender {
  readonly channel: PushChannel;
  /** Why the channel is off, or undefined when it is configured. */
  readonly notConfigured: string | undefined;
  send(message: PushMessage, signal: AbortSignal): Promise<ChannelDelivery>;
  /** Releases kept-open connections (on app close). */
  close?(): void;
}

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the delivery fails with the reason. */
  maxRetryAfterMs: number;
  /** Each request's own time limit. */
  timeoutMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
  timeoutMs: 10_000,
};

/** A failure worth trying again (429, 5xx, a network error), maybe after a delay the server asked for. */
export class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The reason shown when the server stops in the middle of a delivery. */
export const STOPPED_REASON = 'Stopped: the server shut down before delivery finished';

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Sorts an HTTP failure into "try again" (429, 5xx) or "give up" (the rest). */
export function httpFailure(status: number, reason: string, retryAfter?: string | null): Error {
  const message = `HTTP ${status}${reason ? ` ${reason}` : ''}`;
  if (status === 429 || status >= 500) return new RetryableError(message, parseRetryAfter(retryAfter));
  return new Error(message);
}

/**
 * Runs `attempt` until it succeeds, it throws a non-retryable error, or the tries run out (p-retry). Waits
 * grow exponentially with jitter (from half of baseDelayMs, 2x, 4x... to all of it), and a Retry-After the
 * server named is waited for first; one longer than maxRetryAfterMs fails the delivery with the reason.
 * An abort stops the waiting at once.
 */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T>,
  policy: RetryPolicy,
  signal: AbortSignal,
): Promise<T> {
  try {
    return await pRetry(attempt, {
      retries: policy.attempts - 1,
      // p-retry waits minTimeout * factor^(n-1) times a random 1 to 2.
      minTimeout: policy.baseDelayMs / 2,
      factor: 2,
      randomize: true,
      maxTimeout: policy.maxDelayMs,
      signal,
      shouldRetry: ({ error }) => error instanceof RetryableError,
      onFailedAttempt: async ({ error, retriesLeft }) => {
        const after = error instanceof RetryableError ? error.retryAfterMs : undefined;
        if (after === undefined || retriesLeft === 0 || signal.aborted) return;
        if (after > policy.maxRetryAfterMs)
          throw new Error(`${error.message} (asked to retry after ${Math.ceil(after / 1000)} s)`, {
            cause: error,
          });
        await sleep(after, undefined, { signal });
      },
    });
  } catch (error) {
    if (signal.aborted) throw new Error(STOPPED_REASON, { cause: error });
    throw error;
  }
}

/** A signal that fires on shutdown or after `ms`. */
export const withTimeout = (signal: AbortSignal, ms: number) =>
  AbortSignal.any([signal, AbortSignal.timeout(ms)]);

export const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** A channel that is not configured: every send says so. */
export function notConfiguredSender(channel: PushChannel, why: string): PushSender {
  return {
    channel,
    notConfigured: why,
    send: async () => ({ status: 'not configured', detail: why }),
  };
}
