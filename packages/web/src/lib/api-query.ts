import type { RouteDef } from '@streamdesk/contract/http';
import {
  ApiCallError,
  callApi,
  isNetworkFailure,
  type CallOptions,
  type ReplyOf,
  type FailedReply,
} from './api-client';

/**
 * For `queryFn`: resolves with the reply (a server's refusal, `status: false`, included, so the screen
 * can toast its message) and throws only when the call itself failed: no reply, or a server failure
 * (5xx). The shell then shows the failure with a Retry (app/layout/failed-loads.tsx).
 */
export async function fetchApi<R extends RouteDef>(route: R, options: CallOptions<R> = {}) {
  const result = await callApi(route, options);
  if (isNetworkFailure(result)) throw new ApiCallError(result);
  if ((result as FailedReply).serverFailure) throw new ApiCallError(result as FailedReply);
  return result as ReplyOf<R> | FailedReply;
}

/** The spec's fallback when a load fails without a message (doc 1 section 8). */
export const LOAD_FAILED = 'Data Not Fetch';

/**
 * What a screen says when its list or figures could not be loaded: the server's refusal (a reply with
 * `status: false`; 'Data Not Fetch' when it has no message), or, when no reply came at all (after the
 * retry), the call's own failure. Undefined while loading and once loaded; a refetch that fails keeps
 * the reply that came, and says nothing.
 */
export function loadFailure(query: {
  data?: { status?: boolean; message?: string } | undefined;
  isError: boolean;
  error: Error | null;
}): string | undefined {
  if (query.data) return query.data.status ? undefined : query.data.message || LOAD_FAILED;
  return query.isError ? query.error?.message : undefined;
}
