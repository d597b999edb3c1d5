import type { RouteDef } from '@streamdesk/contract/http';
import { callApi, isNetworkFailure, type CallOptions, type ReplyOf, type FailedReply } from './api-client';

/** Thrown by query functions when no readable reply arrived (see lib/query-client.ts). */
export class ApiCallError extends Error {
  constructor(readonly reply: FailedReply) {
    super(reply.message);
    this.name = 'ApiCallError';
  }
}

/**
 * For `queryFn`: resolves with the reply (a server's `status: false` included, so the screen can
 * toast its message) and throws only when the call itself failed.
 */
export async function fetchApi<R extends RouteDef>(route: R, options: CallOptions<R> = {}) {
  const result = await callApi(route, options);
  if (isNetworkFailure(result)) throw new ApiCallError(result);
  return result as ReplyOf<R> | FailedReply;
}

/** For `queryFn`s that must keep their previous data on any failure: throws unless status is true. */
export async function fetchApiOk<R extends RouteDef>(
  route: R,
  options: CallOptions<R> = {},
): Promise<ReplyOf<R>> {
  const result = await callApi(route, options);
  if ((result as { status?: unknown }).status !== true) throw new ApiCallError(result as FailedReply);
  return result as ReplyOf<R>;
}
