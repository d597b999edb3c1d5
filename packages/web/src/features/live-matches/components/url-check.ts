import { isLiveMatchUrl, liveMatchMessages } from '@streamdesk/contract/live-matches';

/** The server's rule for a live match URL, with its messages: required, then http(s) only. */
export function liveMatchUrlProblem(url: string): string | undefined {
  const value = url.trim();
  if (!value) return liveMatchMessages.urlRequired;
  return isLiveMatchUrl(value) ? undefined : liveMatchMessages.urlInvalid;
}
