import { z } from 'zod';
import { EDIT_VERSION_FIELD, editVersion } from './edit-versions.js';
import { decimalNumber, defineRoute, idList, idSchema, pageQuery, pageSize, replyBase } from './http.js';
import { mediaLimits, mediaMessages } from './media.js';
import { LIST_VERSION_FIELD, launchPageQuery, listVersion, nextPage } from './launch-lists.js';
import { retryBody, retryReply, videoPoster, videoState } from './video-processing.js';

/** In-house ads: self-made image (or video) ads with a link (doc 2 sections 2-9). */

/** The list page size the admin screen asks for (doc 2 section 9). */
export const INHOUSE_PAGE_SIZE = 100;
export const DEFAULT_BUTTON_NAME = 'Install';
/** The preview's button text when an ad has none (doc 2 section 3). */
export const FALLBACK_BUTTON_NAME = 'Visit Site';
export const inHouseAdTypes = ['fs_web'] as const;
export const adTypeLabels: Record<InHouseAdType, string> = { fs_web: 'FS Web' };
export const medTypes = ['image', 'video'] as const;

/** Size limits (ARCHITECTURE.md: images at most 1 MB, in-house videos mp4 at most 30 MB). */
export const inHouseLimits = {
  imageBytes: mediaLimits.image,
  imageMb: mediaLimits.image / (1024 * 1024),
  videoBytes: mediaLimits.video,
  /** Longest stay time accepted (a day); the spec sets only the minimum. */
  maxStayTime: 86_400,
} as const;

/** Image types the form accepts, as the browser reports them. */
export const inHouseImageMimes = ['image/png', 'image/jpg', 'image/jpeg', 'image/gif'] as const;

export const inHouseMessages = {
  imageType:
    "Please select a valid image file. Allowed types: 'image/png', 'image/jpg', 'image/jpeg', 'image/gif'",
  imageSize: `Image size should not exceed ${inHouseLimits.imageMb}MB`,
  videoType: mediaMessages.video,
  videoSize: mediaMessages.videoSize,
  selectFiles: 'Select valid image, video and icon files',
  imageOrVideo: 'Send either an image or a video, not both',
  stayTime: 'Web stay time must be at least 1 second',
  stayTimeWhole: 'Web stay time must be a whole number of seconds',
  stayTimeMax: `Web stay time must be at most ${inHouseLimits.maxStayTime} seconds`,
  callToActionRequired: 'Call to action URL is required',
  callToActionUrl: 'Call to action must be a valid http or https URL',
  adType: 'Ad type must be fs_web',
  medType: 'Media type must be image or video',
  notFound: 'In-house ad not found',
  /** The thing named by an edit conflict (editVersionMessages.changed). */
  conflictThing: 'in-house ad',
  listed: 'In-house ads',
  loaded: 'In-house ad',
  active: 'Active in-house ads',
  // Successes (doc 2 section 8).
  created: 'Upload successful!',
  updated: 'Updated successfully!',
  statusUpdated: 'Status updated successfully!',
  deleted: 'In House ads deleted successfully.',
  // Client fallbacks (doc 2 section 8).
  deleteFailed: 'Failed to delete In House ads',
  uploadFailed: 'Upload failed!',
  updateFailed: 'Update failed!',
  statusFailed: 'Failed to update status!',
  loadFailed: 'Failed to load ad data',
  loadError: 'An error occurred while loading data',
  updateError: 'An error occurred during update',
  captchaWrong: 'Incorrect answer to the captcha.',
  // Ours (issue 35): a failed video ad's processing tried again, in the library's and reels' words.
  retried: (n: number) => `Processing queued again for ${n} in-house ad(s)`,
  notFailed: (ids: string[]) => `Only a failed in-house ad can be retried: ${ids.join(', ')}`,
  retryFailed: 'Failed to retry the in-house ad(s)',
} as const;

/** Images of an in-house ad (icon and image), by content: the server's rule and the pickers' whole-image check. */
export const inHouseImageRule = {
  kinds: ['png', 'jpeg', 'gif'] as const,
  maxBytes: inHouseLimits.imageBytes,
  typeMessage: inHouseMessages.imageType,
  sizeMessage: inHouseMessages.imageSize,
};

/** The files of the create and update forms: an icon, and an image or a video (the server checks which). */
const inHouseFiles = {
  icon: inHouseImageRule,
  image: inHouseImageRule,
  video: {
    kinds: ['mp4'] as const,
    maxBytes: inHouseLimits.videoBytes,
    typeMessage: inHouseMessages.videoType,
    sizeMessage: inHouseMessages.videoSize,
  },
};

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v ?? '');

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const callToActionSchema = z
  .string(inHouseMessages.callToActionRequired)
  .trim()
  .min(1, inHouseMessages.callToActionRequired)
  .max(2000, 'Call to action must be at most 2000 characters')
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, inHouseMessages.callToActionUrl);

export const stayTimeSchema = z.preprocess(
  (v) => blankToUndefined(v) ?? 1,
  decimalNumber(
    z
      .number(inHouseMessages.stayTime)
      .refine((n) => Number.isFinite(n), inHouseMessages.stayTime)
      .refine((n) => n >= 1, inHouseMessages.stayTime)
      .refine((n) => Number.isInteger(n), inHouseMessages.stayTimeWhole)
      .refine((n) => n <= inHouseLimits.maxStayTime, inHouseMessages.stayTimeMax),
  ),
);

/** The text fields of the create and update forms (multipart strings). */
export const inHouseAdFields = z.object({
  mainTitle: text('Title', 120),
  subTitle: text('Subtitle', 200),
  description: text('Description', 2000),
  medType: z.preprocess(blankToUndefined, z.enum(medTypes, inHouseMessages.medType).optional()),
  callToAction: callToActionSchema,
  btnName: text('Button name', 40).transform((v) => v || DEFAULT_BUTTON_NAME),
  web_stay_time: stayTimeSchema,
  adType: z.preprocess(blankToUndefined, z.enum(inHouseAdTypes, inHouseMessages.adType).default('fs_web')),
});
export type InHouseAdFields = z.output<typeof inHouseAdFields>;

/**
 * The update form's text fields: the create form's, the id and the optional `version` the edit page
 * loaded the ad at (its `one` reply's). The server checks its form (readEditVersion) and refuses the
 * update with 409 when the ad has changed since (docs/decisions/0009-edit-conflicts.md); without it the
 * update is made as before.
 */
export const inHouseAdUpdateFields = inHouseAdFields.extend({
  id: idSchema,
  [EDIT_VERSION_FIELD]: z.string().optional(),
  // Left out of an update (another client sending only what it changes), these keep the ad's own, as the
  // titles do; sent blank (a field the edit page cleared), they take the create form's default.
  btnName: inHouseAdFields.shape.btnName.optional(),
  web_stay_time: inHouseAdFields.shape.web_stay_time.optional(),
  adType: inHouseAdFields.shape.adType.optional(),
});

export type InHouseAdType = (typeof inHouseAdTypes)[number];
export type MedType = (typeof medTypes)[number];

/** An in-house ad as the admin sees it (doc 2 section 3). */
export const inHouseAd = z.object({
  _id: z.string(),
  mainTitle: z.string(),
  subTitle: z.string(),
  medType: z.enum(medTypes),
  description: z.string(),
  callToAction: z.string(),
  btnName: z.string(),
  web_stay_time: z.number().int(),
  adType: z.enum(inHouseAdTypes),
  icon: z.string(),
  medView: z.string(),
  /** A frame of the video (null for images). */
  thumbnail: z.string().nullable(),
  view: z.number().int(),
  clickCount: z.number().int(),
  status: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * A video ad's HLS master playlist once processed, else '' (play `medView` then); an image ad has none
   * and is `ready`: issue 35, docs/decisions/0059-processing-for-every-video.md. Additive.
   */
  hls: z.string(),
  poster: videoPoster,
  /** Where its video's processing stands (queued, processing, ready, failed) and its percent meanwhile. */
  state: videoState,
  progress: z.number().int(),
});
export type InHouseAd = z.infer<typeof inHouseAd>;

/** What the app gets of an active ad (no counters, no status). */
export const appInHouseAd = inHouseAd.omit({ view: true, clickCount: true, status: true, updatedAt: true });
export type AppInHouseAd = z.infer<typeof appInHouseAd>;

export const inHouseListQuery = pageQuery.extend({
  /** `a=true`: every ad (the admin list); otherwise only the active ones. */
  a: z
    .enum(['true', 'false'], 'a must be true or false')
    .optional()
    .transform((v) => v === 'true'),
  limit: pageSize(INHOUSE_PAGE_SIZE, 1000),
});

export const inHouseListReply = replyBase.extend({
  data: z.array(inHouseAd),
  totalPages: z.number().int(),
  /** The ads the list holds; with `q`, counted up to SEARCH_COUNT_MAX (0063). */
  total: z.number().int(),
  /** Ours (0063): more ads match the search than `total` says; false without `q`. */
  totalCapped: z.boolean(),
  InHouseAdsStatus: z.boolean(),
});
export type InHouseListReply = z.infer<typeof inHouseListReply>;

export const inHouseOneReply = replyBase.extend({ data: inHouseAd });
/**
 * The edit page's read: the ad and the version of what the edit form changes (not the view and click
 * counts, nor the status, which the list's switch sets and the form never sends). Additive.
 */
export const inHouseFindReply = inHouseOneReply.extend({ [EDIT_VERSION_FIELD]: editVersion });
export type InHouseFindReply = z.infer<typeof inHouseFindReply>;
export const inHouseStatusBody = z.object({
  id: idSchema,
  status: z.boolean('status must be true or false'),
});
export const inHouseDeleteBody = z.object({ id: idList });
export const inHouseDeleteReply = replyBase.extend({ deleted: z.number().int() });
/** Active ads a page of the app's list holds (0048): the app shows one ad at a time, newest first. */
export const APP_INHOUSE_PAGE = 50;
export const appInHouseQuery = launchPageQuery(APP_INHOUSE_PAGE);

/** The app's active in-house ads, a page at a time, a launch list (launch-lists.ts): it carries its version. */
export const appInHouseReply = replyBase.extend({
  data: z.array(appInHouseAd),
  nextPage,
  [LIST_VERSION_FIELD]: listVersion,
});

const base = '/api/App/inhouse/ads';

export const inHouseRoutes = {
  list: defineRoute({
    method: 'GET',
    path: base,
    auth: 'admin',
    feature: 'inhouse-ads',
    access: 'read',
    summary: 'Pages of in-house ads (100 a page), newest first, searched by title, subtitle, text or URL',
    querystring: inHouseListQuery,
    reply: inHouseListReply,
  }),
  create: defineRoute({
    method: 'POST',
    path: base,
    auth: 'admin',
    feature: 'inhouse-ads',
    access: 'write',
    multipart: { files: inHouseFiles },
    summary: 'Creates an in-house ad from the form fields, an icon and an image (or an mp4 video)',
    body: inHouseAdFields,
    reply: inHouseOneReply,
  }),
  update: defineRoute({
    method: 'PUT',
    path: base,
    auth: 'admin',
    feature: 'inhouse-ads',
    access: 'write',
    multipart: { files: inHouseFiles },
    summary: 'Updates an in-house ad; a new icon, image or video replaces the old file',
    body: inHouseAdUpdateFields,
    reply: inHouseOneReply,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: base,
    auth: 'admin',
    feature: 'inhouse-ads',
    access: 'write',
    envelope: true,
    summary: 'Deletes the listed in-house ads and their files (all or none)',
    body: inHouseDeleteBody,
    reply: inHouseDeleteReply,
  }),
  one: defineRoute({
    method: 'GET',
    path: `${base}/data/:id`,
    auth: 'admin',
    feature: 'inhouse-ads',
    access: 'read',
    summary: 'One in-house ad and the version of its editable fields, for the edit page',
    params: z.object({ id: idSchema }),
    reply: inHouseFindReply,
  }),
  retry: defineRoute({
    method: 'POST',
    path: `${base}/retry`,
    auth: 'admin',
    feature: 'inhouse-ads',
    access: 'write',
    summary: 'Queues the processing (faststart, HLS ladder) of failed video ads again (id list)',
    body: retryBody,
    reply: retryReply,
  }),
  status: defineRoute({
    method: 'POST',
    path: `${base}/update/status`,
    auth: 'admin',
    feature: 'inhouse-ads',
    access: 'write',
    summary: 'Sets an in-house ad active (true) or inactive (false)',
    body: inHouseStatusBody,
    reply: inHouseOneReply,
  }),
  active: defineRoute({
    method: 'GET',
    path: `${base}/active`,
    auth: 'app',
    summary: 'The active in-house ads for the app, newest first, a page at a time (cached, ETag)',
    querystring: appInHouseQuery,
    reply: appInHouseReply,
  }),
} as const;
