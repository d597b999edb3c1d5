import type { RouteDef } from '@streamdesk/contract/http';
import { IDEMPOTENCY_KEY_HEADER } from '@streamdesk/contract/idempotency';
import { messages } from '@streamdesk/contract/messages';
import {
  authHeaders,
  internetServerError,
  parseJson,
  readReply,
  routeUrl,
  type ApiResult,
  type CallOptions,
  type FailedReply,
} from './api-client';
import { DeadlineError, UPLOAD_REPLY_DEADLINE_MS, UPLOAD_STALL_MS } from './deadlines';
import { SessionEndedError, sendSignedIn } from './session-ended';
import { isStillSaving, sendOnce, settleWriteKey, writeKeyFor, type WriteKey } from './write-keys';

export type UploadProgress = (loaded: number, total: number, percent: number) => void;

/**
 * An upload answered with a non-2xx status. Its message is the spec's 'HTTP Error <code>';
 * `serverMessage` is the reason a refusal (4xx) gave in its `{ status: false, message }` body, so a
 * screen can say which file was refused and why (docs/decisions/0010-bad-network.md).
 * `networkFailure` (no readable reply: a proxy's error page) and `stillSaving` (the server's 409 for the
 * same change sent before) leave the outcome unknown, as they do for `callApi`: the query client then
 * reloads what the screens show (`outcomeUnknown`).
 */
export class UploadRefusedError extends Error {
  readonly networkFailure: boolean;
  readonly stillSaving: boolean;
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    outcome: { networkFailure?: boolean; stillSaving?: boolean } = {},
  ) {
    super(`${messages.httpError} ${status}`);
    this.name = 'UploadRefusedError';
    this.networkFailure = outcome.networkFailure ?? false;
    this.stillSaving = outcome.stillSaving ?? false;
  }
}

/** An upload that got no reply (doc 1 section 8's 'Network Error'): it may still have been saved. */
export class UploadNetworkError extends Error {
  readonly networkFailure = true;
  constructor() {
    super(messages.networkError);
    this.name = 'UploadNetworkError';
  }
}

/** What a screen shows for a rejected upload: the server's reason, a deadline's own text, or `fallback`. */
export function uploadFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof UploadRefusedError && error.serverMessage) return error.serverMessage;
  if (error instanceof DeadlineError) return error.message;
  return fallback;
}

/** The message of a refusal's body, when it is one (a 5xx reads as a failure, with no reason to show). */
async function refusalMessage(status: number, body: unknown): Promise<string | undefined> {
  if (status < 400 || status >= 500 || body === undefined) return undefined;
  try {
    const reply = (await readReply(body)) as { message?: unknown };
    return typeof reply.message === 'string' && reply.message ? reply.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A multipart upload with progress (doc 1 section 8): a non-2xx status rejects with
 * 'HTTP Error <code>' (an `UploadRefusedError` carrying the server's reason; a 401 mid-work waits for the
 * admin to sign in again and sends the upload again, as every admin call does), a network failure rejects with 'Network Error', and a 2xx reply that is not
 * JSON resolves to `{ status: false, message: 'Error parsing server response' }` (as a network failure:
 * what came was not the server's reply).
 * Deadlines (lib/deadlines.ts): an upload that sends nothing for 30 s, or whose reply has not come 60 s
 * after its last byte, is cut off and rejects with a `DeadlineError`.
 * It carries an Idempotency-Key as `callApi` does (lib/write-keys.ts).
 */
export function uploadWithProgress<R extends RouteDef>(
  route: R,
  formData: FormData,
  onProgress?: UploadProgress,
  options: Pick<CallOptions<R>, 'params' | 'query'> = {},
): Promise<ApiResult<R>> {
  const url = routeUrl(route, options.params, options.query);
  const writeKey = writeKeyFor(route, url, formData);
  // The same upload sent again while this one runs waits for its outcome (without its progress).
  return sendOnce(writeKey, () => sendSignedIn(() => send(route, url, formData, writeKey, onProgress)));
}

function send<R extends RouteDef>(
  route: R,
  url: string,
  formData: FormData,
  writeKey: WriteKey | undefined,
  onProgress: UploadProgress | undefined,
): Promise<ApiResult<R>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cutOffAfter = (ms: number, message: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.onerror = null;
        xhr.abort();
        writeKey?.unsettled();
        reject(new DeadlineError(message));
      }, ms);
    };
    xhr.open(route.method, url);
    for (const [name, value] of Object.entries(authHeaders(route))) xhr.setRequestHeader(name, value);
    if (writeKey) xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, writeKey.key);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      cutOffAfter(UPLOAD_STALL_MS, messages.uploadStalled);
      if (!event.lengthComputable || !onProgress) return;
      onProgress(event.loaded, event.total, Math.round((event.loaded / event.total) * 100));
    };
    xhr.upload.onload = () => cutOffAfter(UPLOAD_REPLY_DEADLINE_MS, messages.writeTimedOut);
    xhr.onloadend = () => clearTimeout(timer);
    xhr.onerror = () => {
      writeKey?.unsettled();
      reject(new UploadNetworkError());
    };
    xhr.onload = () => {
      const status = xhr.status;
      const data = parseJson(xhr.responseText);
      settleWriteKey(writeKey, status, data);
      if (status < 200 || status >= 300) {
        const outcome = { networkFailure: data === undefined, stillSaving: isStillSaving(status, data) };
        void refusalMessage(status, data).then((reason) => {
          const refused = new UploadRefusedError(status, reason, outcome);
          if (status !== 401 || route.auth !== 'admin') return reject(refused);
          reject(
            new SessionEndedError(() => {
              throw refused;
            }),
          );
        });
        return;
      }
      if (data === undefined) {
        resolve({ status: false, message: messages.parseError, networkFailure: true });
        return;
      }
      readReply(data).then((reply) => resolve(reply as ApiResult<R>), reject);
    };
    cutOffAfter(UPLOAD_STALL_MS, messages.uploadStalled);
    xhr.send(formData);
  });
}

/**
 * `uploadWithProgress` answered as `callApi` answers, for a screen written for `callApi`: it never
 * rejects for a failed call. A refusal is its `{ status: false, message }` (the server's reason, or ''
 * for the screen's fallback), a 5xx and a call with no reply are 'Internet Server Error', a cut-off upload
 * is a network failure with the deadline's own message; each keeps what says its outcome is unknown.
 */
export async function callApiWithProgress<R extends RouteDef>(
  route: R,
  formData: FormData,
  onProgress?: UploadProgress,
  options: Pick<CallOptions<R>, 'params' | 'query'> = {},
): Promise<ApiResult<R>> {
  try {
    return await uploadWithProgress(route, formData, onProgress, options);
  } catch (error) {
    return failedUploadReply(error);
  }
}

function failedUploadReply(error: unknown): FailedReply {
  if (error instanceof DeadlineError) {
    return { status: false, message: error.message, networkFailure: true, timedOut: true };
  }
  if (error instanceof UploadNetworkError) return internetServerError();
  if (!(error instanceof UploadRefusedError)) throw error;
  if (error.networkFailure) return internetServerError();
  if (error.status >= 500) return { status: false, message: messages.internetServerError };
  const reply: FailedReply = { status: false, message: error.serverMessage ?? '' };
  return error.stillSaving ? { ...reply, stillSaving: true } : reply;
}
