/** Messages the spec fixes for every screen (doc 1 and doc 2, section 8). */
export const messages = {
  internetServerError: 'Internet Server Error',
  httpError: 'HTTP Error',
  networkError: 'Network Error',
  parseError: 'Error parsing server response',
  serverFault: 'Something went wrong on the server. Please try again.',
  unauthorized: 'Please sign in again: the session is missing or has expired.',
  badApiKey: 'Invalid or missing api-key header.',
  notFound: 'Not found.',
  routeNotFound: 'No such route.',
  notAvailableYet: 'This section is not available yet',
  pageNotFound: 'Oops! The page you are looking for could not be found.',
  errorPage: "Something went wrong. We couldn't find the page you're looking for.",
} as const;
