/** An error whose message is safe to show the client, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers that belong to the answer (a 429's Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
/** A 429; with `retryAfterMs`, its Retry-After in whole seconds. */
export const tooManyRequests = (message: string, retryAfterMs?: number) =>
  new HttpError(
    429,
    message,
    retryAfterMs === undefined
      ? undefined
      : { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  );
