import type { RouteDef } from '@streamdesk/contract/http';
import { IDEMPOTENCY_KEY_HEADER } from '@streamdesk/contract/idempotency';
import { messages } from '@streamdesk/contract/messages';
import {
  authHeaders,
  handleUnauthorized,
  parseJson,
  readReply,
  routeUrl,
  type ApiResult,
  type CallOptions,
} from './api-client';
import { DeadlineError, UPLOAD_REPLY_DEADLINE_MS, UPLOAD_STALL_MS } from './deadlines';
import { settleWriteKey, writeKeyFor } from './write-keys';

export type UploadProgress = (loaded: number, total: number, percent: number) => void;

/**
 * An upload the server answered with a non-2xx status. Its message is the spec's 'HTTP Error <code>';
 * `serverMessage` is the reason a refusal (4xx) gave in its `{ status: false, message }` body, so a
 * screen can say which file was refused and why (docs/decisions/upload-refusal-messages.md).
 */
export class UploadRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
  ) {
    super(`${messages.httpError} ${status}`);
    this.name = 'UploadRefusedError';
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
async function refusalMessage(status: number, text: string): Promise<string | undefined> {
  if (status < 400 || status >= 500) return undefined;
  try {
    const reply = (await readReply(JSON.parse(text))) as { message?: unknown };
    return typeof reply.message === 'string' && reply.message ? reply.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A multipart upload with progress (doc 1 section 8): a non-2xx status rejects with
 * 'HTTP Error <code>' (an `UploadRefusedError` carrying the server's reason; a 401 also signs out, as
 * every admin call does), a network failure rejects with 'Network Error', and a reply that is not JSON
 * resolves to `{ status: false, message: 'Error parsing server response' }`.
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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = routeUrl(route, options.params, options.query);
    const writeKey = writeKeyFor(route, url, formData);
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
      settleWriteKey(writeKey, xhr.status, parseJson(xhr.responseText));
      if (xhr.status < 200 || xhr.status >= 300) {
        const status = xhr.status;
        if (status === 401 && route.auth === 'admin') handleUnauthorized();
        void refusalMessage(status, xhr.responseText).then((reason) =>
          reject(new UploadRefusedError(status, reason)),
        );
        return;
      }
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        resolve({ status: false, message: messages.parseError });
        return;
      }
      readReply(data).then((reply) => resolve(reply as ApiResult<R>), reject);
    };
    cutOffAfter(UPLOAD_STALL_MS, messages.uploadStalled);
    xhr.send(formData);
  });
}
