import { deletedMessage } from './messages.js';
import { z } from 'zod';
import { countText } from './format.js';
import {
  DECIMAL_TEXT,
  defineRoute,
  idList,
  idSchema,
  pageQuery,
  replyBase,
  sortQuery,
  type SortOf,
} from './http.js';
import { EDIT_VERSION_FIELD, editVersion } from './edit-versions.js';
import { mediaLimits, mediaMessages } from './media.js';
import { LIST_VERSION_FIELD, launchPageQuery, listVersion, nextPage } from './launch-lists.js';
import { retryBody, retryReply, videoPoster, videoState } from './video-processing.js';

/** Story video, image and native-ad stories (doc 1 sections 2 to 5 and 7). */

/**
 * The longest an image story shows, in seconds: the spec sets no upper bound, but an hour is past any
 * story a viewer taps through (docs/decisions/0016-stories.md).
 */
export const STORY_MAX_SECONDS = 3600;
/** The largest view or click limit: far above any story's reach, and within every database's integer column. */
export const STORY_MAX_LIMIT = 1_000_000_000;
/** The longest texts of a story, in characters after trimming; the forms check them before sending. */
export const STORY_TEXT_MAX = { btnName: 100, btnUrl: 2000, NTV_ID: 200 } as const;

/**
 * What the story forms say under a field, in the field's own words (its label): the server's replies
 * name `insertData.<key>`, which an admin does not see on the screen.
 */
export const storyFieldMessages = {
  tooLong: (label: string, max: number) => `${label} must be at most ${countText(max)} characters`,
  limitNegative: (label: string) => `${label} must be 0 or more`,
  limitTooLarge: (label: string) => `${label} must be at most ${countText(STORY_MAX_LIMIT)}`,
  limitZero: (label: string) =>
    `With a ${label} of 0 the app will not show this story: raise the limit for it to be seen.`,
};

export const storyMessages = {
  added: 'Story added successfully',
  updated: 'Story updated successfully!',
  deleted: 'Story deleted successfully',
  statusUpdated: 'Story status updated successfully',
  found: 'Story found',
  /** What an edit conflict calls the record (editVersionMessages.changed). */
  conflictThing: 'story',
  conflictThingAd: 'story ad',
  list: 'Stories fetched successfully',
  notFound: 'Story not found.',
  selectFile: mediaMessages.selectImage,
  ntvIdRequired: 'Native Ad ID is required for a Native Ads (NTV) story',
  ntvNoFile: 'A Native Ads (NTV) story takes no image or video file',
  ntvOnlyAds: 'Native Ads (NTV) stories are story ads: set adsStory to true',
  oneFile: 'Send either a video or an image, not both',
  btnNameRequired: 'Button Name is required',
  btnUrlRequired: 'Button URL is required',
  btnUrlInvalid: 'Button URL must be a valid http(s) URL',
  timingRequired: 'Timing must be a number >= 0',
  timingTooLong: `Timing must be at most ${STORY_MAX_SECONDS}`,
  videoTooLong: `The story video is longer than ${STORY_MAX_SECONDS} seconds (1 hour). Please upload a shorter video.`,
  limitInteger: 'Limit must be an integer >= 0',
  limitTooLarge: `Limit must be at most ${countText(STORY_MAX_LIMIT)}`,
  insertDataJson: 'insertData must be a JSON object',
  idJson: '_id is required',
  statusBoolean: 'status must be true or false',
  // Client fallbacks (doc 1 section 8).
  updateFailed: 'Failed to update story video',
  updateStoryFailed: 'Failed to update story.',
  submitFailed: 'An error occurred while submitting the story.',
  ntvIdLabel: 'Native Ad ID',
  // Ours (issue 35): a failed story video's processing tried again, in the reels' words (reelMessages).
  retried: (n: number) => `Processing queued again for ${n} story video(s)`,
  notFailed: (ids: string[]) => `Only a failed story video can be retried: ${ids.join(', ')}`,
  retryFailed: 'Failed to retry the story video(s)',
} as const;

/** The delete's message: the singular for one story, the count for more ('3 stories deleted successfully'). */
export const storiesDeletedMessage = deletedMessage(storyMessages.deleted, 'stories');

export const DEFAULT_STORY_TIME = 10;
/** Story and story-ad lists load up to 200 items (doc 1 section 9). */
export const STORY_LIST_LIMIT = 200;
/** Wait after a successful save before leaving the page (doc 1 section 4). */
export const STORY_REDIRECT_MS = 1000;

export const storyImageRule = {
  kinds: ['png', 'jpeg'] as const,
  maxBytes: mediaLimits.image,
  typeMessage: mediaMessages.image,
  sizeMessage: mediaMessages.imageSize,
};
export const storyVideoRule = {
  kinds: ['mp4'] as const,
  maxBytes: mediaLimits.video,
  typeMessage: mediaMessages.video,
  sizeMessage: mediaMessages.videoSize,
};

/** A JSON number, or a string holding one (forms send text). */
const numberLike = (message: string) =>
  z.union([z.number(message), z.string(message).trim().regex(DECIMAL_TEXT, message).transform(Number)], {
    error: message,
  });
const boolLike = (field: string) =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
    error: `${field} must be true or false`,
  });
const limit = numberLike(storyMessages.limitInteger).pipe(
  z
    .number()
    .int(storyMessages.limitInteger)
    .min(0, storyMessages.limitInteger)
    .max(STORY_MAX_LIMIT, storyMessages.limitTooLarge),
);
const text = (field: string, max: number) =>
  z.string(`${field} must be text`).trim().max(max, `${field} must be at most ${max} characters`);

/** A story button opens an http(s) page; the add and edit forms check it before the confirmation. */
export const isStoryButtonUrl = (url: string) => /^https?:\/\/[^\s]+$/i.test(url);

/**
 * The `insertData` JSON of add and edit. The limit flags follow doc 1 section 4: at most one limit
 * type is on (Click wins over View, as when the type is derived on load) and the other is zeroed.
 */
export const storyInsertData = z
  .object({
    storyTime: numberLike(storyMessages.timingRequired)
      .pipe(
        z.number().min(0, storyMessages.timingRequired).max(STORY_MAX_SECONDS, storyMessages.timingTooLong),
      )
      .optional(),
    adsStory: boolLike('adsStory').default(false),
    btnName: text('btnName', STORY_TEXT_MAX.btnName).default(''),
    btnUrl: text('btnUrl', STORY_TEXT_MAX.btnUrl).optional(),
    web_Url: text('web_Url', STORY_TEXT_MAX.btnUrl).optional(),
    NTV: boolLike('NTV').default(false),
    NTV_ID: text('NTV_ID', STORY_TEXT_MAX.NTV_ID).default(''),
    status: boolLike('status').optional(),
    maxviewLimit: limit.default(0),
    maxviewStatus: boolLike('maxviewStatus').default(false),
    maxclickLimit: limit.default(0),
    maxclickStatus: boolLike('maxclickStatus').default(false),
  })
  .transform((d) => ({ ...d, btnUrl: d.btnUrl ?? d.web_Url ?? '' }))
  .superRefine((d, ctx) => {
    if (d.NTV) {
      if (!d.adsStory) ctx.addIssue({ code: 'custom', path: ['NTV'], message: storyMessages.ntvOnlyAds });
      if (!d.NTV_ID) ctx.addIssue({ code: 'custom', path: ['NTV_ID'], message: storyMessages.ntvIdRequired });
      return;
    }
    if (!d.btnName)
      ctx.addIssue({ code: 'custom', path: ['btnName'], message: storyMessages.btnNameRequired });
    if (!d.btnUrl) ctx.addIssue({ code: 'custom', path: ['btnUrl'], message: storyMessages.btnUrlRequired });
    else if (!isStoryButtonUrl(d.btnUrl))
      ctx.addIssue({ code: 'custom', path: ['btnUrl'], message: storyMessages.btnUrlInvalid });
  })
  .transform((d) => ({ ...d, ...applyLimitType(d, limitTypeOf(d)) }));
export type StoryInsertData = z.output<typeof storyInsertData>;
export type StoryInsertInput = z.input<typeof storyInsertData>;

export type StoryLimitType = 'None' | 'View' | 'Click';
export const STORY_LIMIT_TYPES: readonly StoryLimitType[] = ['None', 'View', 'Click'];

interface LimitFields {
  maxviewLimit: number;
  maxviewStatus: boolean;
  maxclickLimit: number;
  maxclickStatus: boolean;
}

/** The limit type of a story: click first, then view, else None (doc 1 section 4). */
export function limitTypeOf(s: Pick<LimitFields, 'maxviewStatus' | 'maxclickStatus'>): StoryLimitType {
  if (s.maxclickStatus) return 'Click';
  if (s.maxviewStatus) return 'View';
  return 'None';
}

/** None zeroes both; View keeps the view limit and zeroes click; Click the reverse. */
export function applyLimitType(s: LimitFields, type: StoryLimitType): LimitFields {
  if (type === 'View')
    return { maxviewLimit: s.maxviewLimit, maxviewStatus: true, maxclickLimit: 0, maxclickStatus: false };
  if (type === 'Click')
    return { maxviewLimit: 0, maxviewStatus: false, maxclickLimit: s.maxclickLimit, maxclickStatus: true };
  return { maxviewLimit: 0, maxviewStatus: false, maxclickLimit: 0, maxclickStatus: false };
}

/** Whether a story's limit is on and reached (it is then left out of the app's list). */
export function limitReached(s: LimitFields & { view: number; clickBtnCount: number }): boolean {
  return (
    (s.maxviewStatus && s.view >= s.maxviewLimit) || (s.maxclickStatus && s.clickBtnCount >= s.maxclickLimit)
  );
}

export type StoryType = 'Video' | 'Image' | 'NTV';

export const story = z.object({
  _id: z.string(),
  status: z.boolean(),
  video: z.string(),
  image: z.string(),
  thembnal: z.string(),
  adsStory: z.boolean(),
  storyTime: z.number(),
  btnName: z.string(),
  btnUrl: z.string(),
  web_Url: z.string(),
  view: z.number(),
  clickBtnCount: z.number(),
  date_time: z.string(),
  maxviewLimit: z.number(),
  maxviewStatus: z.boolean(),
  maxclickLimit: z.number(),
  maxclickStatus: z.boolean(),
  NTV: z.boolean(),
  NTV_ID: z.string(),
  /**
   * A video story's HLS master playlist once processed, else '' (play `video` then); an image or NTV
   * story has none and is `ready`: issue 35, docs/decisions/0059-processing-for-every-video.md.
   */
  hls: z.string(),
  poster: videoPoster,
  /** Where its video's processing stands (queued, processing, ready, failed) and its percent meanwhile. */
  state: videoState,
  progress: z.number().int(),
});
export type Story = z.infer<typeof story>;

/** On edit the type is NTV if flagged, else Video if a video exists, else Image (doc 1 section 4). */
export function storyTypeOf(s: Pick<Story, 'NTV' | 'video'>): StoryType {
  if (s.NTV) return 'NTV';
  return s.video ? 'Video' : 'Image';
}

/**
 * The orders of the admin story lists (issue 36): by date, view or click count, each way; newest first
 * unless asked. A story has no name column in the spec's table to sort by (0051).
 */
export const STORY_SORT_COLUMNS = ['date', 'view', 'click'] as const;
export type StorySort = SortOf<(typeof STORY_SORT_COLUMNS)[number]>;
export const DEFAULT_STORY_SORT: StorySort = '-date';
export const storySort = sortQuery(STORY_SORT_COLUMNS, DEFAULT_STORY_SORT);

export const storyListQuery = pageQuery.extend({
  limit: pageQuery.shape.limit.default(STORY_LIST_LIMIT),
  /** Part of the button name, button URL or Native Ad ID, any case (0051). */
  sort: storySort,
});

export const storyListReply = replyBase.extend({
  data: z.array(story),
  totalPage: z.number().int(),
  /** The stories the list holds; with `q`, counted up to SEARCH_COUNT_MAX (0063). */
  total: z.number().int(),
  /** Ours (0063): more stories match the search than `total` says; false without `q`. */
  totalCapped: z.boolean(),
  /** The newest story video, shown beside the ads in the ads list's preview. */
  firstStoryVideo: story.nullable(),
});
export type StoryListReply = z.infer<typeof storyListReply>;

export const storyReply = replyBase.extend({ data: story });
export type StoryReply = z.infer<typeof storyReply>;

/**
 * The find reply: the story and the version of its editable fields (additive), which the edit page
 * sends back as the edit form's `version` field (docs/decisions/0009-edit-conflicts.md).
 */
export const storyFindReply = storyReply.extend({ [EDIT_VERSION_FIELD]: editVersion });
export type StoryFindReply = z.infer<typeof storyFindReply>;

export const storyDeleteBody = z.object({ id: idList });
export const storyDeleteReply = replyBase.extend({ deleted: z.number().int() });

export const storyStatusBody = z.object({
  _id: idSchema,
  status: z.boolean(storyMessages.statusBoolean),
});

export const storyFindQuery = z.object({ id: idSchema });

/**
 * What the app gets of a story: no counts, limits or status, which only the back office reads (the app
 * gets active stories under their limit). So counting views and clicks leaves the app's cached replies,
 * and their ETags, alone.
 */
export const appStory = story.omit({
  status: true,
  view: true,
  clickBtnCount: true,
  maxviewLimit: true,
  maxviewStatus: true,
  maxclickLimit: true,
  maxclickStatus: true,
});
export type AppStory = z.infer<typeof appStory>;

/** Stories and story ads a page of the app's list holds of each (0048): a story bar and what follows it. */
export const APP_STORIES_PAGE = 50;
export const appStoriesQuery = launchPageQuery(APP_STORIES_PAGE);

/**
 * The app-facing list: active stories whose limit is not reached, stories and ads apart, newest first, a
 * page of each at a time (`nextPage` while either has more). A launch list (launch-lists.ts): it carries
 * its version.
 */
export const appStoriesReply = replyBase.extend({
  data: z.array(appStory),
  ads: z.array(appStory),
  nextPage,
  [LIST_VERSION_FIELD]: listVersion,
});
export type AppStoriesReply = z.infer<typeof appStoriesReply>;

const list = (path: string, summary: string) =>
  defineRoute({
    method: 'GET',
    path,
    auth: 'admin',
    feature: 'stories',
    access: 'read',
    summary,
    querystring: storyListQuery,
    reply: storyListReply,
  });
const remove = (path: string, summary: string) =>
  defineRoute({
    method: 'DELETE',
    path,
    auth: 'admin',
    feature: 'stories',
    access: 'write',
    summary,
    body: storyDeleteBody,
    reply: storyDeleteReply,
  });
const find = (path: string, summary: string) =>
  defineRoute({
    method: 'GET',
    path,
    auth: 'admin',
    feature: 'stories',
    access: 'read',
    summary,
    querystring: storyFindQuery,
    reply: storyFindReply,
  });
const status = (path: string, summary: string) =>
  defineRoute({
    method: 'PUT',
    path,
    auth: 'admin',
    feature: 'stories',
    access: 'write',
    summary,
    body: storyStatusBody,
    reply: storyReply,
  });
/** A failed story video queued again (issue 35, 0059): the reels' and the library's body and reply. */
const retry = (path: string, summary: string) =>
  defineRoute({
    method: 'POST',
    path,
    auth: 'admin',
    feature: 'stories',
    access: 'write',
    summary,
    body: retryBody,
    reply: retryReply,
  });

/**
 * The story form's text fields, as sent: insertData is JSON and the edit's _id JSON-encoded, which the
 * server reads with their own messages (storyMessages.insertDataJson, idJson).
 */
const formText = z.string().optional();
export const storyAddForm = z.object({ insertData: formText });
export const storyEditForm = storyAddForm.extend({ _id: formText, [EDIT_VERSION_FIELD]: formText });
/** A story carries a video or an image (an NTV ad neither): the server checks which came. */
const storyFiles = { video: storyVideoRule, image: storyImageRule };

export const storyRoutes = {
  add: defineRoute({
    method: 'POST',
    path: '/api/App/Add/Story/Video',
    auth: 'admin',
    feature: 'stories',
    access: 'write',
    multipart: { files: storyFiles },
    body: storyAddForm,
    summary: 'Add a story: form video (mp4) or image (png/jpeg) and insertData (JSON); NTV ads take no file',
    reply: storyReply,
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/api/App/Edit/story/video',
    auth: 'admin',
    feature: 'stories',
    access: 'write',
    multipart: { files: storyFiles },
    body: storyEditForm,
    summary:
      'Edit a story: form _id (JSON-encoded), insertData (JSON), optional image or video replacement, and ' +
      `optional ${EDIT_VERSION_FIELD} (the find reply's): refused with 409 when the story was changed since`,
    reply: storyReply,
  }),
  listVideo: list(
    '/api/App/all/only/story/video',
    'Story videos and images (not ads), newest first or by `sort`, filtered by `q` (button name or URL)',
  ),
  listAds: list(
    '/api/App/all/only/story/ads',
    'Story ads (video, image, NTV), newest first or by `sort`, filtered by `q` (button name or URL, Native Ad ID)',
  ),
  deleteVideo: remove('/api/App/delete/story/video', 'Delete story videos and their files'),
  deleteAds: remove('/api/App/delete/story/ads', 'Delete story ads and their files'),
  findVideo: find('/api/App/story/video/find', 'One story video or image'),
  findAds: find('/api/App/story/ads/find', 'One story ad'),
  statusVideo: status('/api/App/story/video/status', 'Set a story video active or inactive'),
  statusAds: status('/api/App/story/ads/status', 'Set a story ad active or inactive'),
  retryVideo: retry(
    '/api/App/story/video/retry',
    'Queue the processing (faststart, HLS ladder) of failed story videos again (id list; not ads)',
  ),
  retryAds: retry(
    '/api/App/story/ads/retry',
    'Queue the processing (faststart, HLS ladder) of failed video story ads again (id list)',
  ),
  app: defineRoute({
    method: 'GET',
    path: '/api/App/stories',
    auth: 'app',
    summary:
      'Active stories and story ads for the app, leaving out those whose view or click limit is reached, a page of each at a time',
    querystring: appStoriesQuery,
    reply: appStoriesReply,
  }),
} as const;
