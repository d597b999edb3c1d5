import { z } from 'zod';
import {
  defineRoute,
  idList,
  idSchema,
  pageQuery,
  pageSize,
  replyBase,
  requiredText,
  searchText,
  sortOrders,
  sortParam,
} from './http.js';
import { mediaLimits } from './media.js';
import { retryBody, retryReply, videoPoster, videoState } from './video-processing.js';

/** Library videos: MP4 by content, at most 200 MB each, at most 50 per batch (doc 2 sections 5 and 9). */
export const VIDEO_MAX_BYTES = mediaLimits.libraryVideo;
export const VIDEO_MAX_FILES = 50;
export const ADMIN_VIDEO_PAGE_SIZE = 100;
export const FEED_PAGE_SIZE = 10;
/** The app's video list of one category: a phone screen or two of thumbnails per request. */
export const APP_VIDEO_PAGE_SIZE = 20;

export const videoMessages = {
  categoryRequired: 'Please select a category.',
  videoRequired: 'Please select at least one video to upload.',
  tooMany: `You can upload a maximum of ${VIDEO_MAX_FILES} videos at once.`,
  notMp4: (file: string) => `${file} is not an MP4 file.`,
  tooLarge: (file: string) => `${file} exceeds the 200MB size limit.`,
  alreadySelected: (file: string) => `${file} is already selected.`,
  unreadable: (file: string) => `${file} could not be read as a video.`,
  uploaded: 'Videos uploaded successfully!',
  partlyUploaded: (done: number, total: number) => `Uploaded ${done} of ${total} videos.`,
  listed: 'Videos fetched',
  selectToUpdate: 'Please select videos to update',
  selectToDelete: 'Please select videos to delete',
  webUpdated: (enabled: boolean, n: number) =>
    `Successfully ${enabled ? 'enabled' : 'disabled'} web access for ${n} video(s)`,
  deletedOne: 'Video deleted successfully',
  deletedMany: (n: number) => `Successfully deleted ${n} videos`,
  noneFound: 'No videos found for the given ids',
  categoryNotFound: 'Category not found',
  // Web-side fallbacks (doc 2 section 8).
  uploadFailed: 'Failed to upload videos.',
  uploadCrashed: 'Something went wrong during upload!',
  loadFailed: 'Failed to load videos',
  connectionError: 'Connection error - Please try again later',
  categoriesFailed: 'Failed to load categories',
  categoriesError: 'Error loading categories',
  /** Ours: the library opened on a category that is not there (a bookmark of a deleted one). */
  categoryGone: 'The category in this link is no longer there. Showing all videos.',
  webStatusError: 'Error updating web status - Please try again',
  webStatusFailed: 'Failed to enable/disable web access',
  deleteFailed: 'Failed to delete video(s)',
  deleteError: 'Error deleting video(s) - Please try again',
  processing: 'Processing uploads...',
  // Ours (issue 35): a video's title.
  titleRequired: 'Please enter a title.',
  titleTooLong: 'A title must be at most 200 characters.',
  titleUpdated: 'Title updated',
  videoNotFound: 'Video not found',
  renameFailed: 'Failed to rename the video',
  // Ours (issue 35): processing.
  retried: (n: number) => `Processing queued again for ${n} video(s)`,
  notFailed: (ids: string[]) => `Only a failed video can be retried: ${ids.join(', ')}`,
  retryFailed: 'Failed to retry the video(s)',
} as const;

/** The longest title a video takes. */
export const VIDEO_TITLE_MAX = 200;

export const video = z.object({
  _id: z.string(),
  video: z.string(),
  thumbnail: z.string(),
  createdAt: z.string(),
  /** Shown on the public web feed. */
  web: z.boolean(),
  /** The category's id. */
  category: z.string(),
  /** Views counted from the app events (entity `video`). */
  view: z.number().int(),
  /** Editable; the uploaded file's name without its extension at first. */
  title: z.string(),
  /** The uploaded file's own name ('' for a video uploaded before names were kept). */
  fileName: z.string(),
  /** Seconds, from the probe at upload (0 when not known). */
  duration: z.number(),
  /** Pixels of the video stream (0 when not known). */
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes of the stored file. */
  size: z.number().int(),
  state: videoState,
  /** Percent of the processing done (0-100; 100 once ready). */
  progress: z.number().int(),
  /** Why the processing failed ('' unless failed). */
  error: z.string(),
  /** The HLS master playlist's URL once ready, else ''. */
  hls: z.string(),
  poster: videoPoster,
});
export type Video = z.infer<typeof video>;

export const uploadFields = z.object({
  // Any refusal of the field has said this since the first upload screen, over-long text included.
  category: z
    .string(videoMessages.categoryRequired)
    .trim()
    .min(1, videoMessages.categoryRequired)
    .max(64, videoMessages.categoryRequired),
});

export const rejectedVideo = z.object({ file: z.string(), message: z.string() });
export const uploadReply = replyBase.extend({
  data: z.array(video),
  rejected: z.array(rejectedVideo),
});

export const webFilter = z.enum(['all', 'true', 'false']);
export type WebFilter = z.infer<typeof webFilter>;

/** The library's orders: a column, descending with a leading `-`. */
const VIDEO_SORT_COLUMNS = ['date', 'title', 'duration', 'views'] as const;
export const VIDEO_SORTS = sortOrders(VIDEO_SORT_COLUMNS);
export const videoSort = sortParam(VIDEO_SORT_COLUMNS);
export type VideoSort = z.infer<typeof videoSort>;

export const adminListQuery = pageQuery.pick({ page: true }).extend({
  limit: pageSize(ADMIN_VIDEO_PAGE_SIZE, 500),
  web: webFilter.default('all'),
  /** Part of a title or file name, any case. */
  q: searchText,
  sort: videoSort.default('-date'),
});
export const adminListReply = replyBase.extend({
  data: z.array(video),
  totalPage: z.number().int(),
  /** The videos the filter matches; with `q`, counted up to SEARCH_COUNT_MAX (0063). */
  totalRecord: z.number().int(),
  /** Ours (0063): more videos match the search than `totalRecord` says; false without `q`. */
  totalCapped: z.boolean(),
});

export const webStatusBody = z.object({
  id: idList,
  status: z.boolean('status must be true or false'),
});
export const webStatusReply = replyBase.extend({ modified: z.number().int() });

export const titleBody = z.object({
  id: idSchema,
  title: requiredText(videoMessages.titleRequired, VIDEO_TITLE_MAX, videoMessages.titleTooLong),
});
export const titleReply = replyBase.extend({ data: video });

export const deleteBody = z.object({ id: idList });
export const deleteReply = replyBase.extend({ deleted: z.number().int() });

export const feedQuery = pageQuery.pick({ page: true }).extend({ limit: pageSize(FEED_PAGE_SIZE, 50) });
/**
 * `hls`: the video's HLS master playlist once processed, else '' (play `video` then). `poster`: its
 * full-size poster once processed, else '' (additive; the public feed page itself shows `thumbnail`, 0061).
 */
export const feedItem = z.object({
  _id: z.string(),
  video: z.string(),
  thumbnail: z.string(),
  hls: z.string(),
  poster: videoPoster,
});
export type FeedItem = z.infer<typeof feedItem>;
export const feedReply = replyBase.extend({
  data: z.array(feedItem),
  totalPage: z.number().int(),
  /** Seconds before the public feed shows the download overlay (0: at once). */
  webPosition: z.number(),
});
export type FeedReply = z.infer<typeof feedReply>;

/** Every video of the category, web flag or not: the flag is about the public site (doc 2 section 3). */
export const appVideoQuery = pageQuery
  .pick({ page: true })
  .extend({ limit: pageSize(APP_VIDEO_PAGE_SIZE, 50) });
export const appVideo = video.pick({
  _id: true,
  video: true,
  hls: true,
  poster: true,
  thumbnail: true,
  createdAt: true,
  category: true,
});
export type AppVideo = z.infer<typeof appVideo>;
export const appVideoListReply = replyBase.extend({
  data: z.array(appVideo),
  totalPage: z.number().int(),
});
export type AppVideoListReply = z.infer<typeof appVideoListReply>;

export const videoRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/App/video',
    auth: 'admin',
    feature: 'videos',
    access: 'write',
    multipart: {
      files: {
        video: {
          kinds: ['mp4'],
          maxBytes: VIDEO_MAX_BYTES,
          // Not shown: a refused file is reported by name (videoMessages.notMp4, tooLarge) by the server.
          typeMessage: 'not mp4',
          sizeMessage: 'too large',
          maxCount: VIDEO_MAX_FILES,
          countMessage: videoMessages.tooMany,
        },
      },
      keepGoodFiles: true,
    },
    summary:
      'Upload a batch: multipart category and up to 50 repeated video parts (MP4, at most 200 MB each). Bad files are reported by name; the good ones are kept',
    body: uploadFields,
    reply: uploadReply,
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/api/App/video/category/admin/:category',
    auth: 'admin',
    feature: 'videos',
    access: 'read',
    summary:
      'Videos of one category (or `all`), newest first or by `sort`, filtered by web = all|true|false and by `q` (part of a title or file name)',
    params: z.object({ category: idSchema }),
    querystring: adminListQuery,
    reply: adminListReply,
  }),
  webStatus: defineRoute({
    method: 'PUT',
    path: '/api/App/video/web/status',
    auth: 'admin',
    feature: 'videos',
    access: 'write',
    summary: 'Enable or disable web access for a list of videos',
    body: webStatusBody,
    reply: webStatusReply,
  }),
  rename: defineRoute({
    method: 'PUT',
    path: '/api/App/video/title',
    auth: 'admin',
    feature: 'videos',
    access: 'write',
    summary: "Change a library video's title (shown and searched in the library)",
    body: titleBody,
    reply: titleReply,
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/api/App/video/retry',
    auth: 'admin',
    feature: 'videos',
    access: 'write',
    summary: 'Queue the processing (faststart, HLS ladder) of failed videos again',
    body: retryBody,
    reply: retryReply,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/App/video/',
    auth: 'admin',
    feature: 'videos',
    access: 'write',
    summary: 'Delete a list of videos and their files',
    body: deleteBody,
    reply: deleteReply,
  }),
  feed: defineRoute({
    method: 'GET',
    path: '/api/App/video/category/client',
    auth: 'app',
    summary:
      'The public feed: web-enabled videos of active categories, newest first, 10 a page, with webPosition (api-key only; cached with an ETag)',
    querystring: feedQuery,
    reply: feedReply,
  }),
  appList: defineRoute({
    method: 'GET',
    path: '/api/App/video/app/category/:id',
    auth: 'app',
    summary:
      "The app's video list: every video of one active category, web-enabled or not, newest first, 20 a page (api-key only; cached with an ETag; 404 for a missing or inactive category)",
    params: z.object({ id: idSchema }),
    querystring: appVideoQuery,
    reply: appVideoListReply,
  }),
} as const;
