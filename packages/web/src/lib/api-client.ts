import { isSealedReply, openReply, sealRequest } from '@streamdesk/contract/envelope';
import { buildPath, type RouteDef } from '@streamdesk/contract/http';
import { IDEMPOTENCY_KEY_HEADER } from '@streamdesk/contract/idempotency';
import { messages } from '@streamdesk/contract/messages';
import type { z } from 'zod';
import { deadlineFor, withDeadline } from './deadlines';
import { runtimeConfig } from './runtime-config';
import { readToken } from './session';
import { SessionEndedError, sendSignedIn } from './session-ended';
import { isStillSaving, sendOnce, settleWriteKey, writeKeyFor, type WriteKey } from './write-keys';

/** The reply a route declares in the contract. */
export type ReplyOf<R extends RouteDef> = z.output<R['reply']>;
type BodyOf<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : unknown;

/** `status: false` from the server (its message), or made here when the call itself failed. */
export interface FailedReply {
  status: false;
  message: string;
  /** Set when no readable reply arrived (network down, proxy error page): doc 1 section 8. */
  networkFailure?: true;
  /** Set when the server answered with a 5xx: it failed, and nothing the screen asked for came. */
  serverFailure?: true;
  /** Set when the call's deadline passed first (lib/deadlines.ts): a write may still have landed. */
  timedOut?: true;
  /** The server is still making the same change, sent before (409, docs/decisions/0010-bad-network.md). */
  stillSaving?: true;
  /** A write refused with 404: what it named is gone (another admin deleted it). */
  gone?: true;
  /** A read refused with 404: what its path names does not exist (a mistyped or stale link). */
  notFound?: true;
}

/**
 * The spec's catch-all fallback (doc 1 section 8), for a `status: false` reply without a message
 * where the screen names no fallback of its own: a toast or note never shows an empty text.
 */
export const SOMETHING_WENT_WRONG = 'Something went wrong!';

/**
 * A failed call, rejected: its message is the server's (or the client's own, as for `callApi`), or
 * SOMETHING_WENT_WRONG when the reply had none; `failureMessage` gives a screen's own fallback instead.
 */
export class ApiCallError extends Error {
  constructor(
    readonly reply: FailedReply,
    /** The HTTP status of the reply that said so (400, 404, 409...); undefined when none came. */
    readonly httpStatus?: number,
  ) {
    super(reply.message || SOMETHING_WENT_WRONG);
    this.name = 'ApiCallError';
  }
}

/** What a screen says of a failed call: its message (the server's), or the screen's own fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiCallError && error.reply.message ? error.reply.message : fallback;
}

/** Whether a call rejected because no readable reply came (the network, a deadline, a proxy's page). */
export const gotNoReply = (error: unknown) => error instanceof ApiCallError && isNetworkFailure(error.reply);

/**
 * Whether a load failed for want of an answer: no reply came, or the server failed (5xx). Such a load
 * stays on its screen with a Retry (issue 36); a refusal (4xx) thrown by a query still goes to /Error.
 */
export const loadGotNoAnswer = (error: unknown) =>
  gotNoReply(error) || (error instanceof ApiCallError && error.reply.serverFailure === true);

/**
 * For a screen that words its failures itself: `refused` when the server answered no, `noReply` when no
 * reply came (or the call threw something else).
 */
export const refusedOrNoReply = <T>(error: unknown, refused: T, noReply: T): T =>
  error instanceof ApiCallError && !gotNoReply(error) ? refused : noReply;

/**
 * For a screen that awaits a mutation (`mutateAsync`) to go on after it: the reply, or undefined when
 * the call failed (the mutation's `onError` has said why). Anything else thrown (a bug) still rejects.
 */
export async function unlessFailed<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiCallError) return undefined;
    throw error;
  }
}

export type ApiResult<R extends RouteDef> = ReplyOf<R> | FailedReply;

export type QueryValue = string | number | boolean | null | undefined;

export interface CallOptions<R extends RouteDef> {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  /** JSON (sealed when the route has `envelope`) or, for multipart routes, a FormData. */
  body?: BodyOf<R> | FormData;
  signal?: AbortSignal;
}

export function internetServerError(): FailedReply {
  return { status: false, message: messages.internetServerError, networkFailure: true };
}

function timedOutReply(method: string): FailedReply {
  const message = method === 'GET' ? messages.readTimedOut : messages.writeTimedOut;
  return { status: false, message, networkFailure: true, timedOut: true };
}

export function isNetworkFailure(result: unknown): result is FailedReply {
  return typeof result === 'object' && result !== null && (result as FailedReply).networkFailure === true;
}

/**
 * Whether a write's result, or the error it threw, leaves open whether the change was made: no reply
 * came (a network failure, a deadline), or the server is still making it. What the screen shows must
 * then be reloaded.
 */
export function outcomeUnknown(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { reply } = value as { reply?: unknown };
  return [value, reply].some((v) => {
    if (typeof v !== 'object' || v === null) return false;
    const { networkFailure, timedOut, stillSaving } = v as FailedReply;
    return networkFailure === true || timedOut === true || stillSaving === true;
  });
}

/**
 * Whether a write's result, or the error it threw, says that what it named is gone (404): another admin
 * deleted it while this screen still showed it. What the screen shows must then be reloaded, or every
 * retry of a stale row, or of a selection holding it, fails the same way.
 */
export function somethingGone(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (value instanceof ApiCallError) return value.reply.gone === true;
  if (value instanceof Error) return (value as { status?: unknown }).status === 404;
  return (value as FailedReply).gone === true;
}

export function routeUrl(
  route: RouteDef,
  params?: CallOptions<RouteDef>['params'],
  query?: Record<string, QueryValue>,
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return buildPath(route.path, params) + (qs ? `?${qs}` : '');
}

/** The JSON in `text`, or undefined when it holds none. */
export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

export function authHeaders(route: RouteDef): Record<string, string> {
  const headers: Record<string, string> = { 'api-key': runtimeConfig().apiKey };
  const token = route.auth === 'admin' ? readToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/**
 * Opens a sealed reply; a reply that cannot be decrypted yields the spec's empty result (no status,
 * no message: the screen falls back to its own message). Anything but an object is unreadable.
 */
export async function readReply(data: unknown): Promise<unknown> {
  if (isSealedReply(data)) {
    try {
      const opened = await openReply(data, runtimeConfig().payloadKey);
      return typeof opened === 'object' && opened !== null ? opened : { status: false, message: '' };
    } catch {
      return { status: false, message: '' };
    }
  }
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? data : internetServerError();
}

/**
 * Calls a contract route. Never throws for a failed call: refusals (4xx) come back as their
 * `{ status: false, message }` body; server failures (5xx), network failures and unreadable replies as
 * 'Internet Server Error'; a call past its deadline (lib/deadlines.ts) as a network failure with its
 * own message and `timedOut`.
 * Only an abort (a cancelled query) rethrows.
 * Admin writes carry an Idempotency-Key (lib/write-keys.ts): the same change sent again after no reply
 * is made once, and gets the first reply; sent again while the first is in flight, it is not sent but
 * answered with the first's outcome (`sendOnce`).
 * A 401 mid-work waits for the admin to sign in again over the screen, then sends the call again
 * (lib/session-ended.ts).
 */
export async function callApi<R extends RouteDef>(
  route: R,
  options: CallOptions<R> = {},
): Promise<ApiResult<R>> {
  return (await exchange(route, options)).reply;
}

/**
 * Calls a contract route as `callApi` does, but resolves only with a reply that says `status: true`:
 * anything else (a refusal, a server failure, no reply) rejects with an `ApiCallError` carrying the
 * reply's message and HTTP status. For mutations: TanStack Query's error state and `onError` are then
 * the one way a screen learns of a failure.
 */
export async function requestApi<R extends RouteDef>(
  route: R,
  options: CallOptions<R> = {},
): Promise<ReplyOf<R>> {
  const { reply, httpStatus } = await exchange(route, options);
  return replyOrReject(reply, httpStatus);
}

/**
 * `requestApi`'s rule for a call made another way (an upload with progress): the reply when it says
 * `status: true`, else an `ApiCallError` thrown with it.
 */
export function replyOrReject<R extends RouteDef>(result: ApiResult<R>, httpStatus?: number): ReplyOf<R> {
  if ((result as { status?: unknown }).status !== true)
    throw new ApiCallError(result as FailedReply, httpStatus);
  return result as ReplyOf<R>;
}

/** A call's reply, with the HTTP status it came with (none when no reply came). */
interface Answer<R extends RouteDef> {
  reply: ApiResult<R>;
  httpStatus?: number;
}

function exchange<R extends RouteDef>(route: R, options: CallOptions<R>): Promise<Answer<R>> {
  const url = routeUrl(route, options.params, options.query);
  const writeKey = writeKeyFor(route, url, options.body);
  return sendOnce(writeKey, () => sendSignedIn(() => send(route, url, options, writeKey), options.signal));
}

async function send<R extends RouteDef>(
  route: R,
  url: string,
  options: CallOptions<R>,
  writeKey: WriteKey | undefined,
): Promise<Answer<R>> {
  let deadline: ReturnType<typeof withDeadline> | undefined;
  try {
    const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(route) };
    if (writeKey) headers[IDEMPOTENCY_KEY_HEADER] = writeKey.key;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      const payload = route.envelope
        ? await sealRequest(options.body, runtimeConfig().payloadKey)
        : options.body;
      headers['content-type'] = 'application/json';
      body = JSON.stringify(payload);
    }
    deadline = withDeadline(deadlineFor(route.method, body), options.signal);
    const init: RequestInit = { method: route.method, headers, signal: deadline.signal };
    if (body !== undefined) init.body = body;
    const response = await fetch(url, init);
    const httpStatus = response.status;
    const data = parseJson(await response.text());
    settleWriteKey(writeKey, httpStatus, data);
    if (data === undefined) return { reply: internetServerError(), httpStatus };
    // A server failure reads like a network one (doc 1 section 8), but the server did answer, so the
    // screen treats it as any `status: false` reply rather than as lost connectivity.
    if (httpStatus >= 500)
      return {
        reply: { status: false, message: messages.internetServerError, serverFailure: true },
        httpStatus,
      };
    const reply = (await readReply(data)) as ApiResult<R>;
    if (httpStatus === 401 && route.auth === 'admin')
      throw new SessionEndedError(() => ({ reply, httpStatus }));
    if (isStillSaving(httpStatus, data))
      return { reply: { ...(reply as FailedReply), stillSaving: true }, httpStatus };
    if (httpStatus === 404 && writeKey)
      return { reply: { ...(reply as FailedReply), gone: true }, httpStatus };
    if (httpStatus === 404 && route.method === 'GET')
      return { reply: { ...(reply as FailedReply), notFound: true }, httpStatus };
    return { reply, httpStatus };
  } catch (error) {
    if (error instanceof SessionEndedError) throw error;
    writeKey?.unsettled();
    if (options.signal?.aborted) throw error;
    return { reply: deadline?.expired() ? timedOutReply(route.method) : internetServerError() };
  } finally {
    deadline?.clear();
  }
}
