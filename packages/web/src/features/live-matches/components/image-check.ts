import { LIVE_MATCH_IMAGE, liveMatchMessages } from '@streamdesk/contract/live-matches';

const allowedTypes = LIVE_MATCH_IMAGE.accept.split(',');

/** The spec's message for a file the server would refuse (PNG or GIF, at most 1 MB), if any. */
export function liveMatchImageProblem(file: File): string | undefined {
  if (!allowedTypes.includes(file.type)) return liveMatchMessages.imageType;
  if (file.size > LIVE_MATCH_IMAGE.maxBytes) return liveMatchMessages.imageSize;
  return undefined;
}
