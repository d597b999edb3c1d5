import { deletedMessage } from './messages.js';
import { z } from 'zod';
import { defineRoute, idList, pageQuery, replyBase, sortQuery, type SortOf } from './http.js';
import { mediaLimits, mediaMessages } from './media.js';
import { retryBody, retryReply, videoPoster, videoState } from './video-processing.js';

/** Reels: doc 1 sections 2 "Reels", 3, 4 and 7. */

export const reelMessages = {
  selectVideo: 'Please select a valid video file. Allowed types: mp4',
  videoType: mediaMessages.video,
  videoSize: mediaMessages.videoSize,
  listed: 'Reels fetched successfully',
  added: 'Reel added successfully',
  deleted: 'Reel deleted successfully',
  notFound: 'Reel not found',
  // Ours (issue 35): a failed reel's processing tried again, in the library's words (videoMessages).
  retried: (n: number) => `Processing queued again for ${n} reel(s)`,
  notFailed: (ids: string[]) => `Only a failed reel can be retried: ${ids.join(', ')}`,
  retryFailed: 'Failed to retry the reel(s)',
} as const;

/** The delete's message: the singular for one reel, the count for more ('3 reels deleted successfully'). */
export const reelsDeletedMessage = deletedMessage(reelMessages.deleted, 'reels');

/** Reels page size (doc 1 section 9). */
export const REELS_PAGE_SIZE = 20;
export const reelVideoRule = {
  kinds: ['mp4'],
  maxBytes: mediaLimits.video,
  typeMessage: mediaMessages.video,
  sizeMessage: mediaMessages.videoSize,
} as const;

export const reel = z.object({
  _id: z.string(),
  video: z.string(),
  thumbnail: z.string(),
  duration: z.number(),
  size: z.number().int(),
  view: z.number().int(),
  click: z.number().int(),
  createdAt: z.string(),
  /** The name of the file uploaded (a reel from before names kept: its stored file's name); 0051. */
  fileName: z.string(),
  /** The reel's HLS master playlist once processed, else '' (play `video` then): issue 35, 0059. */
  hls: z.string(),
  poster: videoPoster,
  /** Where its processing stands (queued, processing, ready, failed) and its percent while processing. */
  state: videoState,
  progress: z.number().int(),
});
export type Reel = z.infer<typeof reel>;

/** The orders of the reels list (issue 36): by date, view or click count, or file name, each way (0051). */
export const REEL_SORT_COLUMNS = ['date', 'view', 'click', 'name'] as const;
export type ReelSort = SortOf<(typeof REEL_SORT_COLUMNS)[number]>;
export const DEFAULT_REEL_SORT: ReelSort = '-date';
export const reelSort = sortQuery(REEL_SORT_COLUMNS, DEFAULT_REEL_SORT);

export const reelListQuery = pageQuery.extend({
  limit: pageQuery.shape.limit.unwrap().default(REELS_PAGE_SIZE),
  a: z.string().optional(),
  /** Part of the reel's file name, any case (0051). */
  sort: reelSort,
});

export const reelListReply = replyBase.extend({
  data: z.array(reel),
  totalPage: z.number().int(),
  /** The reels the list holds; with `q`, counted up to SEARCH_COUNT_MAX (0063). */
  total: z.number().int(),
  /** Ours (0063): more reels match the search than `total` says; false without `q`. */
  totalCapped: z.boolean(),
  reels: z.boolean(),
});
export type ReelListReply = z.infer<typeof reelListReply>;

export const reelDeleteBody = z.object({ id: idList });

export const reelRoutes = {
  add: defineRoute({
    method: 'POST',
    path: '/api/App/reels',
    auth: 'admin',
    feature: 'reels',
    access: 'write',
    multipart: { files: { video: { ...reelVideoRule, required: reelMessages.selectVideo } } },
    summary: 'Upload a reel (form: video, mp4 up to 30 MB); the server makes its thumbnail',
    reply: replyBase.extend({ data: reel }),
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/App/reels',
    auth: 'app',
    summary:
      'Reels, newest first or by `sort`, filtered by `q` (file name), with totalPage and the reels flag (api-key only; cached, ETag)',
    querystring: reelListQuery,
    reply: reelListReply,
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/api/App/reels/retry',
    auth: 'admin',
    feature: 'reels',
    access: 'write',
    summary: 'Queue the processing (faststart, HLS ladder) of failed reels again (id list)',
    body: retryBody,
    reply: retryReply,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/App/reels',
    auth: 'admin',
    feature: 'reels',
    access: 'write',
    summary: 'Delete reels (id list) with their video and thumbnail files',
    body: reelDeleteBody,
    reply: replyBase.extend({ deleted: z.number().int() }),
  }),
} as const;
