import { deletedMessage } from './messages.js';
import { z } from 'zod';
import { EDIT_VERSION_FIELD, editVersion } from './edit-versions.js';
import {
  defineRoute,
  hasVisibleText,
  idList,
  idSchema,
  optionalIsoTime,
  pageQuery,
  replyBase,
  requiredText,
  sortQuery,
  stripSpaces,
} from './http.js';
import { mediaLimits, mediaMessages, type MediaKind } from './media.js';
import { isHttpUrl } from './notifications.js';
import { LIST_VERSION_FIELD, listVersion } from './launch-lists.js';

/**
 * Live matches (doc 1 sections 2, 3, 5, 7): the matches, the live-call ad fields, the website live ads
 * with Fire, and the history of fires. Paths keep the spec's spelling and case (`liveMatch` and
 * `LiveMatch` are both in use by the deployed apps).
 */

export const liveMatchMessages = {
  titleRequired: 'Title is required',
  urlRequired: 'URL is required',
  urlInvalid: 'URL must be a valid http(s) URL',
  idRequired: '_id is required',
  imageType: mediaMessages.gifPng,
  imageSize: mediaMessages.imageSize,
  selectImage: mediaMessages.selectImage,
  added: 'Live match added successfully',
  updated: 'Live match updated successfully',
  deleted: 'Live match deleted successfully',
  statusChanged: 'Live match status updated',
  notFound: 'Live match not found',
  /** The thing named by an edit conflict (editVersionMessages.changed). */
  conflictThing: 'live match',
  listed: 'Live matches fetched successfully',
  linkCopied: 'Link copied successfully!',
  /** Beside linkCopied where PUBLIC_LIVE_HOST is not set (0002). */
  linkHostUnset:
    'This link opens nothing yet: PUBLIC_LIVE_HOST (the address viewers reach) is not set on the server, so it names this server, which has no live match page.',
  copyFailed: 'Failed to copy link. Please try again.',
  clipboardUnsupported: 'Clipboard API not supported. Please copy manually.',
  plannedPast: (field: string) => `${field} must be in the future`,
  plannedEndBeforeStart: 'plannedEnd must be after plannedStart',
} as const;

/** The delete's message: the singular for one match, the count for more ('2 live matches deleted successfully'). */
export const liveMatchesDeletedMessage = deletedMessage(liveMatchMessages.deleted, 'live matches');

export const liveAdMessages = {
  keyRequired: 'Field name is required',
  keyFormat: 'Field names use 1 to 64 letters, digits or _',
  valueTooLong: 'Field values are at most 2048 characters',
  duplicateKey: 'Field names must be unique',
  tooMany: 'At most 200 fields are allowed',
  notText: 'Field values must be text',
  notMap: 'Send the fields as an object of names and text values',
  /** `version` in the saved body is the version the fields were read with, never a field. */
  reservedKey: `${EDIT_VERSION_FIELD} is reserved (the version the fields were read with)`,
  saved: 'Ads updated successfully!',
  fetched: 'Live ads fetched successfully',
  /** The thing named by an edit conflict (editVersionMessages.changed). */
  conflictThing: 'list of live call ads',
} as const;

export const webLiveAdMessages = {
  fillAll: 'Please fill all the fields',
  nameTooLong: 'Name is at most 64 characters',
  urlTooLong: 'URL is at most 2048 characters',
  urlInvalid: liveMatchMessages.urlInvalid,
  duplicateName: 'An ad with this name already exists',
  fireOnly: 'This ad has no URL and can only be fired',
  mainCannotBeDeleted: 'WEB_URL_1 cannot be deleted',
  mainCannotBeRenamed: 'WEB_URL_1 cannot be renamed',
  reservedName: 'This name is reserved for a fire-only ad',
  notFound: 'Ad not found',
  added: 'Ad added successfully',
  updated: 'Ad updated successfully!',
  deleted: 'Ad deleted successfully',
  fetched: 'Ads fetched successfully',
  fired: 'Ad fired successfully',
  fireNameRequired: 'Please fill all the fields',
  /** A 404 the Fire button meets when another admin renamed or deleted the ad: a sentence, no field prefix. */
  fireUnknownName: 'No website ad has this name (it may have been renamed or deleted)',
  adsTypeInvalid: 'Adstype must be Open_Ads_Fire, NTV_Ads_Fire or Url_Ads_Fire',
  adsTypeMismatch: 'Adstype does not match the ad',
  historyFetched: 'Ads history fetched successfully',
  historyDeleted: 'History deleted successfully',
  historyNotFound: 'History entry not found',
  noFire: 'No ad has been fired yet',
  latestFire: 'The latest fired ad',
  /** The thing named by an edit conflict (editVersionMessages.changed), as the Ads Fire screen names it. */
  conflictThing: 'web live ad',
} as const;

/** The history delete's message: the singular for one fire, the count for more ('2 history entries deleted successfully'). */
export const fireHistoryDeletedMessage = deletedMessage(webLiveAdMessages.historyDeleted, 'history entries');

/** Live match images: PNG or GIF only (doc 1 section 5); the size limit is the general image limit. */
export const LIVE_MATCH_IMAGE = {
  kinds: ['png', 'gif'] as readonly MediaKind[],
  maxBytes: mediaLimits.image,
  typeMessage: liveMatchMessages.imageType,
  sizeMessage: liveMatchMessages.imageSize,
  accept: 'image/png,image/gif',
} as const;

/** The page size the history screen asks for (doc 1 section 9). */
export const LIVE_ADS_HISTORY_PAGE_SIZE = 1000;
/** The page size of the admin live match list. */
export const LIVE_MATCH_PAGE_SIZE = 100;

/**
 * The admin list's query: `q` finds matches by title (any case), `sort` orders by a column header
 * (issue 36; newest first by default, as the spec lists them). docs/decisions/0052-live-and-notification-lists.md
 */
export const LIVE_MATCH_SORT = '-date';
export const liveMatchListQuery = pageQuery.extend({
  sort: sortQuery(['date', 'title', 'views'], LIVE_MATCH_SORT),
});
export type LiveMatchListQuery = z.input<typeof liveMatchListQuery>;
export type LiveMatchSort = z.output<typeof liveMatchListQuery>['sort'];

/** The fire history's query: `q` finds fires by the ad's name or URL (any case), `sort` by a column header. */
export const FIRE_HISTORY_SORT = '-date';
export const fireHistoryQuery = pageQuery.extend({
  sort: sortQuery(['date', 'name', 'views', 'clicks'], FIRE_HISTORY_SORT),
});
export type FireHistoryQuery = z.input<typeof fireHistoryQuery>;
export type FireHistorySort = z.output<typeof fireHistoryQuery>['sort'];

// ---------------------------------------------------------------------------------------------------
// Live match

export const liveMatch = z.object({
  _id: z.string(),
  title: z.string(),
  url: z.string(),
  thumbnail: z.string(),
  view: z.number().int(),
  createdAt: z.string(),
  status: z.boolean(),
  /**
   * The version of what the inline edit changes (title, url, thumbnail; not the view count or the
   * status), which the edit sends back (docs/decisions/0009-edit-conflicts.md). Additive.
   */
  [EDIT_VERSION_FIELD]: editVersion,
  /** Planned times (issue 34): it turns active at the start and inactive at the end by itself. */
  plannedStart: z.string().nullable(),
  plannedEnd: z.string().nullable(),
  /** Said when a planned time was missed (no server ran then); empty otherwise. */
  plannedNote: z.string(),
});
export type LiveMatch = z.infer<typeof liveMatch>;

/**
 * A live match URL, and a website live ad's (a fire sends it to every phone), is http(s) only: the apps
 * open it and the back office shows it as a link, so a script scheme must never get in. HLS (.m3u8) and DASH streams are served over http(s); RTMP and RTSP
 * are left out (no browser opens them). See docs/decisions/0017-live-matches.md.
 */
export const isLiveMatchUrl = isHttpUrl;

const liveMatchText = {
  title: requiredText(liveMatchMessages.titleRequired, 200, 'Title is at most 200 characters'),
  url: requiredText(liveMatchMessages.urlRequired, 2048, 'URL is at most 2048 characters').refine(
    isLiveMatchUrl,
    liveMatchMessages.urlInvalid,
  ),
  /** ISO times; empty clears one (an edit), absent leaves it as it is. */
  plannedStart: optionalIsoTime('plannedStart'),
  plannedEnd: optionalIsoTime('plannedEnd'),
};
const endAfterStart = {
  check: (b: { plannedStart?: string | null; plannedEnd?: string | null }) =>
    !b.plannedStart || !b.plannedEnd || b.plannedEnd > b.plannedStart,
  message: { message: liveMatchMessages.plannedEndBeforeStart, path: ['plannedEnd'] },
};

/** The text fields of the add form (multipart: image, title, url, optional plannedStart and plannedEnd). */
export const liveMatchAddFields = z.object(liveMatchText).refine(endAfterStart.check, endAfterStart.message);
export type LiveMatchAddFields = z.infer<typeof liveMatchAddFields>;

/**
 * The text fields of the edit form (multipart: _id, title, url, optional image, optional version, optional
 * planned times). The version is the row's as the list showed it; the server checks its form
 * (readEditVersion) and refuses the edit with 409 when the match has changed since. Without it the edit is
 * made as before.
 */
export const liveMatchEditFields = z
  .object({
    ...liveMatchText,
    _id: z.string(liveMatchMessages.idRequired).trim().min(1, liveMatchMessages.idRequired).max(64),
    [EDIT_VERSION_FIELD]: z.string().optional(),
  })
  .refine(endAfterStart.check, endAfterStart.message);
export type LiveMatchEditFields = z.infer<typeof liveMatchEditFields>;

export const liveMatchListReply = replyBase.extend({
  data: z.array(liveMatch),
  totalPage: z.number().int(),
  /** The matches listed on every page (with `q`, the ones found, counted up to SEARCH_COUNT_MAX: 0063). */
  total: z.number().int(),
  /** Ours (0063): more matches match the search than `total` says; false without `q`. */
  totalCapped: z.boolean(),
  /** The running flag (the controller's liveMatch switch) behind the Running badge. */
  liveMatch: z.boolean(),
});
export type LiveMatchListReply = z.infer<typeof liveMatchListReply>;

export const liveMatchReply = replyBase.extend({ data: liveMatch });
export const deleteBody = z.object({ id: idList });
export const deleteReply = replyBase.extend({ deleted: z.number().int() });
export const statusBody = z.object({ status: z.boolean('status must be true or false') });

/** What the app sees of an active live match. */
export const appLiveMatch = liveMatch.pick({
  _id: true,
  title: true,
  url: true,
  thumbnail: true,
  createdAt: true,
});
/** The app's active matches, a launch list (launch-lists.ts): it carries its version. */
export const appLiveMatchListReply = replyBase.extend({
  data: z.array(appLiveMatch),
  [LIST_VERSION_FIELD]: listVersion,
});
export type AppLiveMatch = z.infer<typeof appLiveMatch>;

// ---------------------------------------------------------------------------------------------------
// Live match ad fields (a flat map of named string fields)

export const LIVE_AD_KEY = /^[A-Za-z0-9_]{1,64}$/;
export const LIVE_AD_VALUE_MAX = 2048;
export const LIVE_AD_MAX_FIELDS = 200;

/**
 * Checks a list of key/value pairs the way the server does; returns the first problem or undefined.
 * The editor runs it before saving, the server runs it on the map it receives.
 */
export function liveAdProblem(pairs: readonly { key: string; value: string }[]): string | undefined {
  if (pairs.length > LIVE_AD_MAX_FIELDS) return liveAdMessages.tooMany;
  const seen = new Set<string>();
  for (const { key, value } of pairs) {
    const name = key.trim();
    if (!name) return liveAdMessages.keyRequired;
    if (!LIVE_AD_KEY.test(name)) return `${liveAdMessages.keyFormat}: ${name}`;
    if (name === EDIT_VERSION_FIELD) return liveAdMessages.reservedKey;
    if (seen.has(name)) return `${liveAdMessages.duplicateKey}: ${name}`;
    seen.add(name);
    if (value.length > LIVE_AD_VALUE_MAX) return `${liveAdMessages.valueTooLong}: ${name}`;
  }
  return undefined;
}

export const liveAdMap = z.record(z.string(), z.string(liveAdMessages.notText));
export type LiveAdMap = z.infer<typeof liveAdMap>;

/**
 * The edit sends the field map itself; keys are trimmed, so `"a"` and `" a"` count as duplicates. The
 * body's `version` (optional) is not a field: it is the version the map was read with (its read reply's),
 * checked by the server (readEditVersion), which refuses the save with 409 when the map has changed since.
 */
export const liveAdsBody = z
  .record(z.string(), z.string(liveAdMessages.notText), liveAdMessages.notMap)
  .superRefine((map, ctx) => {
    const fields = Object.entries(map).filter(([key]) => key !== EDIT_VERSION_FIELD);
    const problem = liveAdProblem(fields.map(([key, value]) => ({ key, value })));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(({ [EDIT_VERSION_FIELD]: version, ...map }) => ({
    fields: Object.fromEntries(Object.entries(map).map(([k, v]) => [k.trim(), v])),
    version,
  }));

/** The fields and the version of the whole map, in its order (additive), which the editor sends back. */
export const liveAdsReply = replyBase.extend({ data: liveAdMap, [EDIT_VERSION_FIELD]: editVersion });
export type LiveAdsReply = z.infer<typeof liveAdsReply>;

// ---------------------------------------------------------------------------------------------------
// Website live ads and Fire

export const OPEN_ADS_FIRE = 'Open_Ads_Fire';
export const NTV_ADS_FIRE = 'NTV_Ads_Fire';
export const URL_ADS_FIRE = 'Url_Ads_Fire';
export const MAIN_WEB_AD = 'WEB_URL_1';
/** Ads without a URL that can only be fired. */
export const FIRE_ONLY_ADS: readonly string[] = [OPEN_ADS_FIRE, NTV_ADS_FIRE];
export const adsTypes = [OPEN_ADS_FIRE, NTV_ADS_FIRE, URL_ADS_FIRE] as const;
export type AdsType = (typeof adsTypes)[number];

/** Names and URLs are trimmed and their spaces removed before sending (and again on the server). */

/** The type a row is fired with: the fire-only ads fire as themselves, every other ad as a URL ad. */
export const adsTypeOf = (name: string): AdsType =>
  name === OPEN_ADS_FIRE ? OPEN_ADS_FIRE : name === NTV_ADS_FIRE ? NTV_ADS_FIRE : URL_ADS_FIRE;

const squeezed = (max: number, tooLong: string) =>
  z
    .string(webLiveAdMessages.fillAll)
    .transform(stripSpaces)
    .pipe(
      z
        .string()
        .min(1, webLiveAdMessages.fillAll)
        .max(max, tooLong)
        .refine(hasVisibleText, webLiveAdMessages.fillAll),
    );

export const webLiveAd = z.object({
  _id: z.string(),
  a_name: z.string(),
  a_url: z.string(),
  a_view: z.number().int(),
  a_click: z.number().int(),
  createdAt: z.string(),
  /**
   * The version of what the inline edit changes (name and URL; not the views and clicks its fires
   * count), which the edit sends back (docs/decisions/0009-edit-conflicts.md). Additive.
   */
  [EDIT_VERSION_FIELD]: editVersion,
});
export type WebLiveAd = z.infer<typeof webLiveAd>;

export const webLiveAdAddBody = z.object({
  a_name: squeezed(64, webLiveAdMessages.nameTooLong),
  // A fire carries this URL to the apps, which open it: http(s) only, like a live match's.
  a_url: squeezed(2048, webLiveAdMessages.urlTooLong).refine(isLiveMatchUrl, webLiveAdMessages.urlInvalid),
});
/**
 * The edit's body: _id, a_name, a_url and, optionally, the version the row was listed at; the server
 * checks its form (readEditVersion) and refuses the edit with 409 when the ad has changed since. Without
 * it the edit is made as before.
 */
export const webLiveAdEditBody = webLiveAdAddBody.extend({
  _id: idSchema,
  [EDIT_VERSION_FIELD]: z.string().optional(),
});
export type WebLiveAdEdit = z.input<typeof webLiveAdEditBody>;
export const webLiveAdListReply = replyBase.extend({ data: z.array(webLiveAd) });
export const webLiveAdReply = replyBase.extend({ data: webLiveAd });

export const fireBody = z.object({
  Adstype: z.enum(adsTypes, webLiveAdMessages.adsTypeInvalid),
  a_name: squeezed(64, webLiveAdMessages.nameTooLong),
  /**
   * Still accepted (the back office sends the row's URL) but never stored: the fire carries the named
   * ad's own URL, so a fire cannot push the apps a link no ad holds.
   */
  url: z
    .string()
    .optional()
    .transform((v) => stripSpaces(v ?? ''))
    .pipe(z.string().max(2048, webLiveAdMessages.urlTooLong)),
});
export type FireBody = z.input<typeof fireBody>;

export const adFire = z.object({
  _id: z.string(),
  Adstype: z.enum(adsTypes),
  a_name: z.string(),
  url: z.string(),
  a_view: z.number().int(),
  a_click: z.number().int(),
  createdAt: z.string(),
});
export type AdFire = z.infer<typeof adFire>;

export const fireReply = replyBase.extend({ data: adFire });
export const historyReply = replyBase.extend({
  data: z.array(adFire),
  totalPage: z.number().int(),
  /**
   * Fired ads in the history (additive to the spec's reply): the screen's count, without a second read.
   * With `q`, it and the totals below count the fires found (every page), as without it they count all.
   */
  total: z.number().int(),
  totalViews: z.number().int(),
  totalClicks: z.number().int(),
});
export type HistoryReply = z.infer<typeof historyReply>;

/** What the app reads of the latest fire (counts stay on the admin side). */
export const appFire = adFire.pick({ _id: true, Adstype: true, a_name: true, url: true, createdAt: true });
export const appLatestFireReply = replyBase.extend({ data: appFire.nullable() });

// ---------------------------------------------------------------------------------------------------
// Routes

const ADMIN = '/api/App/liveMatch/admin';
const ADS_WEB = '/api/App/liveMatch/liveAdsWeb';
const FIRE = '/api/App/LiveMatch/admin/ads/fire';

export const liveMatchRoutes = {
  list: defineRoute({
    method: 'GET',
    path: ADMIN,
    auth: 'admin',
    feature: 'live-matches',
    access: 'read',
    summary:
      'Live matches, newest first (or by sort: date, title, views), with the liveMatch running flag; q finds them by title',
    querystring: liveMatchListQuery,
    reply: liveMatchListReply,
  }),
  add: defineRoute({
    method: 'POST',
    path: ADMIN,
    auth: 'admin',
    feature: 'live-matches',
    access: 'write',
    multipart: {
      files: { image: { ...LIVE_MATCH_IMAGE, required: liveMatchMessages.selectImage } },
      nameFields: true,
    },
    summary:
      'Add a live match (form: image PNG/GIF, title, url, optional plannedStart and plannedEnd ISO times)',
    body: liveMatchAddFields,
    reply: liveMatchReply,
  }),
  edit: defineRoute({
    method: 'PUT',
    path: ADMIN,
    auth: 'admin',
    feature: 'live-matches',
    access: 'write',
    multipart: { files: { image: LIVE_MATCH_IMAGE }, nameFields: true },
    summary:
      'Edit a live match (form: _id, title, url, optional image, optional plannedStart and plannedEnd: empty clears, absent keeps)',
    body: liveMatchEditFields,
    reply: liveMatchReply,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: ADMIN,
    auth: 'admin',
    feature: 'live-matches',
    access: 'write',
    envelope: true,
    summary: 'Delete live matches and their images (id list)',
    body: deleteBody,
    reply: deleteReply,
  }),
  status: defineRoute({
    method: 'PUT',
    path: `${ADMIN}/status/:id`,
    auth: 'admin',
    feature: 'live-matches',
    access: 'write',
    summary: 'Set the active status of a live match',
    params: z.object({ id: idSchema }),
    body: statusBody,
    reply: liveMatchReply,
  }),
  liveAds: defineRoute({
    method: 'GET',
    path: '/api/App/liveMatch/liveAds',
    auth: 'admin',
    feature: 'live-matches',
    access: 'read',
    summary: 'The live-call ad fields (a flat map of named strings)',
    reply: liveAdsReply,
  }),
  saveLiveAds: defineRoute({
    method: 'PUT',
    path: '/api/App/liveMatch/liveAds',
    auth: 'admin',
    feature: 'live-matches',
    access: 'write',
    summary: 'Replace the live-call ad fields with the map sent',
    body: liveAdsBody,
    reply: liveAdsReply,
  }),
  webAds: defineRoute({
    method: 'GET',
    path: ADS_WEB,
    auth: 'admin',
    feature: 'live-matches',
    access: 'read',
    summary: 'Website live ads with their views and clicks',
    reply: webLiveAdListReply,
  }),
  addWebAd: defineRoute({
    method: 'POST',
    path: ADS_WEB,
    auth: 'admin',
    feature: 'live-matches',
    access: 'write',
    summary: 'Add a website live ad (a_name, a_url)',
    body: webLiveAdAddBody,
    reply: webLiveAdReply,
  }),
  editWebAd: defineRoute({
    method: 'PUT',
    path: ADS_WEB,
    auth: 'admin',
    feature: 'live-matches',
    access: 'write',
    summary: 'Edit a website live ad (_id, a_name, a_url, optional version)',
    body: webLiveAdEditBody,
    reply: webLiveAdReply,
  }),
  removeWebAds: defineRoute({
    method: 'DELETE',
    path: ADS_WEB,
    auth: 'admin',
    feature: 'live-matches',
    access: 'write',
    summary: 'Delete website live ads (id list); WEB_URL_1 and the fire-only ads are kept',
    body: deleteBody,
    reply: deleteReply,
  }),
  fire: defineRoute({
    method: 'POST',
    path: FIRE,
    auth: 'admin',
    feature: 'live-matches',
    access: 'write',
    summary: "Fire a stored ad to the app (Adstype, a_name, url); the fire carries the ad's own URL",
    body: fireBody,
    reply: fireReply,
  }),
  history: defineRoute({
    method: 'GET',
    path: `${FIRE}/history`,
    auth: 'admin',
    feature: 'live-matches',
    access: 'read',
    summary:
      'Fired ads, newest first (or by sort: date, name, views, clicks), with the totals of views and clicks of every fire listed; q finds them by name or URL',
    querystring: fireHistoryQuery,
    reply: historyReply,
  }),
  removeHistory: defineRoute({
    method: 'DELETE',
    path: `${FIRE}/history`,
    auth: 'admin',
    feature: 'live-matches',
    access: 'write',
    summary: 'Delete fired ads from the history (id list)',
    body: deleteBody,
    reply: deleteReply,
  }),
  // App side (api-key only)
  appList: defineRoute({
    method: 'GET',
    path: '/api/App/liveMatch/active',
    auth: 'app',
    summary: 'Active live matches for the app (cached, ETag)',
    reply: appLiveMatchListReply,
  }),
  appLatestFire: defineRoute({
    method: 'GET',
    path: '/api/App/LiveMatch/ads/fire/latest',
    auth: 'app',
    summary: 'The latest fired ad, or null (cached, ETag)',
    reply: appLatestFireReply,
  }),
} as const;

export const LIVE_MATCH_LINK_PATH = '/live_match/';
/** The public link of a match: the configured live host plus /live_match/{id}. */
export const liveMatchLink = (host: string, id: string): string =>
  `${host.replace(/\/+$/, '')}${LIVE_MATCH_LINK_PATH}${id}`;
