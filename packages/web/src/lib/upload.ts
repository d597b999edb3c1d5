import type { RouteDef } from '@streamdesk/contract/http';
import { messages } from '@streamdesk/contract/messages';
import { authHeaders, readReply, routeUrl, type ApiResult, type CallOptions } from './api-client';
import { DeadlineError, UPLOAD_REPLY_DEADLINE_MS, UPLOAD_STALL_MS } from './deadlines';

export type UploadProgress = (loaded: number, total: number, percent: number) => void;

/**
 * A multipart upload with progress (doc 1 section 8): a non-2xx status rejects with
 * 'HTTP Error <code>', a network failure rejects with 'Network Error', and a reply that is not JSON
 * resolves to `{ status: false, message: 'Error parsing server response' }`.
 * Deadlines (lib/deadlines.ts): an upload that sends nothing for 30 s, or whose reply has not come 60 s
 * after its last byte, is cut off and rejects with a `DeadlineError`.
 */
export function uploadWithProgress<R extends RouteDef>(
  route: R,
  formData: FormData,
  onProgress?: UploadProgress,
  options: Pick<CallOptions<R>, 'params' | 'query'> = {},
): Promise<ApiResult<R>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cutOffAfter = (ms: number, message: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.onerror = null;
        xhr.abort();
        reject(new DeadlineError(message));
      }, ms);
    };
    xhr.open(route.method, routeUrl(route, options.params, options.query));
    for (const [name, value] of Object.entries(authHeaders(route))) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      cutOffAfter(UPLOAD_STALL_MS, messages.uploadStalled);
      if (!event.lengthComputable || !onProgress) return;
      onProgress(event.loaded, event.total, Math.round((event.loaded / event.total) * 100));
    };
    xhr.upload.onload = () => cutOffAfter(UPLOAD_REPLY_DEADLINE_MS, messages.writeTimedOut);
    xhr.onloadend = () => clearTimeout(timer);
    xhr.onerror = () => reject(new Error(messages.networkError));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new Error(`${messages.httpError} ${xhr.status}`));
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
