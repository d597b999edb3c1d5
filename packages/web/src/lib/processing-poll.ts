import type { VideoState } from '@streamdesk/contract/videos';

const PROCESSING_POLL_MS = 2000;

/**
 * A list's `refetchInterval`: every 2 s while one of its rows (library videos, reels, story videos) is queued or
 * processing, so its state and percent follow by themselves; none once every row is ready or failed
 * (docs/decisions/0044-video-processing.md, 0059).
 */
export const whileProcessing = (reply: object | undefined): number | false =>
  reply &&
  'data' in reply &&
  (reply.data as { state: VideoState }[]).some((v) => v.state === 'queued' || v.state === 'processing')
    ? PROCESSING_POLL_MS
    : false;
