/**
 * How long the back office waits for the server (docs/decisions/0010-bad-network.md). Without a
 * deadline a call that hangs keeps its button held, or its page loading, until the browser gives up,
 * minutes later.
 */
export const READ_DEADLINE_MS = 20_000;
export const WRITE_DEADLINE_MS = 30_000;
/**
 * A write's body is also given the time it takes at 16 KB/s (about 128 kbit/s): a hotspot's uplink on a
 * crowded cell can be that slow (a Slow 3G walk sent at 20 KB/s, and every story over 0.9 MB was cut off
 * at 64 KB/s). The deadline is for a call that hangs, so it errs long.
 */
export const SLOW_UPLINK_BYTES_PER_MS = 16;
/** An upload with progress that sends nothing for this long is cut off. */
export const UPLOAD_STALL_MS = 30_000;
/** Once an upload's last byte is sent, its reply may take this long (each video is probed first). */
export const UPLOAD_REPLY_DEADLINE_MS = 60_000;

/** The deadline of one JSON or form call. */
export function deadlineFor(method: string, body?: BodyInit): number {
  if (method === 'GET') return READ_DEADLINE_MS;
  return WRITE_DEADLINE_MS + Math.ceil(bodySize(body) / SLOW_UPLINK_BYTES_PER_MS);
}

function bodySize(body?: BodyInit): number {
  if (typeof body === 'string') return body.length;
  if (!(body instanceof FormData)) return 0;
  let size = 0;
  for (const [, value] of body) size += typeof value === 'string' ? value.length : value.size;
  return size;
}

/**
 * A signal that aborts after `ms`, or when `outer` (a query's cancel) does. A timer rather than
 * `AbortSignal.timeout`, so fake clocks in tests drive it.
 */
export function withDeadline(ms: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}

/**
 * `work`'s result, or `fallback` if it has not settled within `ms` (the work itself goes on: for steps
 * that take no signal, such as a push service subscription).
 */
export function settleWithin<T>(ms: number, work: Promise<T>, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** An upload cut off by its deadline (it rejects like a network failure, with its own message). */
export class DeadlineError extends Error {
  readonly timedOut = true;
  constructor(message: string) {
    super(message);
    this.name = 'DeadlineError';
  }
}

/**
 * Whether a write's reply (or thrown error) says its deadline passed: the write may still have landed,
 * so what the screen shows must be reloaded.
 */
export function isTimedOut(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { timedOut, reply } = value as { timedOut?: unknown; reply?: { timedOut?: unknown } };
  return timedOut === true || reply?.timedOut === true;
}
