import type { VideoState } from '@streamdesk/contract/video-processing';

const PROCESSING_POLL_MS = 2000;

/**
 * A list's (or an edit page's) `refetchInterval`: every 2 s while one of its rows (library videos, reels, story videos) is queued or
 * processing, so its state and percent follow by themselves; none once every row is ready or failed
 * (docs/decisions/0044-video-processing.md, 0059).
 */
export const whileProcessing = (reply: object | undefined): number | false => {
  if (!reply || !('data' in reply)) return false;
  // A list's rows, or the one item of a find reply (an edit page).
  const items = [reply.data].flat() as { state?: VideoState }[];
  return items.some((v) => v.state === 'queued' || v.state === 'processing') ? PROCESSING_POLL_MS : false;
};
