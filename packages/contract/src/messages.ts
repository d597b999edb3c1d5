/** Messages the spec fixes for every screen (doc 1 and doc 2, section 8). */
export const messages = {
  internetServerError: 'Internet Server Error',
  httpError: 'HTTP Error',
  networkError: 'Network Error',
  parseError: 'Error parsing server response',
  serverFault: 'Something went wrong on the server. Please try again.',
  databaseUnavailable: 'The database is not answering. Please try again in a moment.',
  storageFull: "The server's storage is full. Delete old media or free space, then try again.",
  unauthorized: 'Please sign in again: the session is missing or has expired.',
  badApiKey: 'Invalid or missing api-key header.',
  notFound: 'Not found.',
  routeNotFound: 'No such route.',
  methodNotAllowed: (method: string, allowed: readonly string[]) =>
    `${method} is not allowed here; this route answers ${allowed.join(', ')}.`,
  notAvailableYet: 'This section is not available yet',
  pageNotFound: 'Oops! The page you are looking for could not be found.',
  errorPage: "Something went wrong. We couldn't find the page you're looking for.",
  /** A screen's code that did not arrive (not in the spec, whose error page text says "couldn't find"). */
  screenLoadFailed: 'This screen could not be loaded. Check the connection, then try again.',
  // The back office's own deadlines (docs/decisions/0010-bad-network.md); the spec sets none.
  readTimedOut: 'The server did not answer in time. Please try again.',
  writeTimedOut:
    'The server did not answer in time. The change may still have been saved: check the list before trying again.',
  uploadStalled: 'The upload stalled: nothing was sent for 30 seconds. Please try again.',
  /** UPLOADS_PER_CLIENT (docs/decisions/0004-media-urls.md). */
  tooManyUploads: 'Too many uploads at once from this browser: wait for one to finish, then try again.',
} as const;

/**
 * A delete's message: the list's own words for one item (`one`), the count for more ('3 stories deleted
 * successfully'), as the lists' Delete selected say it.
 */
export const deletedMessage =
  (one: string, many: string) =>
  (deleted: number): string =>
    deleted === 1 ? one : `${deleted} ${many} deleted successfully`;
