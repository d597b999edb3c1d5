import { z } from 'zod';
import { rangeParams, type RangeChoice } from './analytics.js';
import { calendarDay } from './date-ranges.js';
import { EDIT_VERSION_FIELD, editVersion } from './edit-versions.js';
import { defineRoute, hasVisibleText, idSchema, replyBase, stripSpaces, withScheme } from './http.js';
import { LIST_VERSION_FIELD, listVersion } from './launch-lists.js';

/**
 * Ad units (doc 2 sections 2 to 9): native, full screen, banner, open, reward and website ads, for
 * Android (`/api/App/ads/...`, enveloped) and the Apple platform (`/api/ios/ads/...`, plain JSON).
 * One generic implementation serves the twelve pages; see docs/decisions/0014-ad-units.md.
 */

export const adPlatforms = ['android', 'ios'] as const;
export type AdPlatform = (typeof adPlatforms)[number];

export const simpleAdKinds = ['native', 'fullScreen', 'banner', 'open', 'reward'] as const;
export type SimpleAdKind = (typeof simpleAdKinds)[number];
export type AdKind = SimpleAdKind | 'web';

export const adMessages = {
  fillAll: 'Please fill all the fields',
  nameLocked: 'Ad Name cannot be edited',
  webUrl1Locked: 'WEB_URL_1 cannot be deleted',
  notAvailable: 'Ads Not Availale',
  captchaWrong: 'Captcha answer is not correct',
  notFound: 'Ad not found',
  duplicateName: 'An ad with this name already exists',
  unknownKind: 'Unknown ad kind',
  fetched: 'Ads fetched successfully',
  added: 'Ad added successfully',
  updated: 'Ad updated successfully',
  deleted: 'Ad deleted successfully',
  /** A web clear removes the dashboard's views and clicks of the range (0014-ad-units.md). */
  cleared: 'Views and clicks cleared successfully',
  config: 'Ad configuration',
  /** The overridable id-format warnings: the client offers to save anyway (`force: true`). */
  adMobFormat:
    'Ad ID does not look like an AdMob ad unit id (ca-app-pub-<digits>/<digits>). Check it, or save anyway.',
  urlFormat: 'Ad URL does not look like a web address (http:// or https://). Check it, or save anyway.',
  /** The thing named by an edit conflict (editVersionMessages.changed). */
  conflictThing: 'ad',
  dayFormat: 'must be a day as YYYY-MM-DD',
  rangeOrder: 'startDate must not be after endDate',
} as const;

/** The overridable warnings, so a client can tell them from hard errors. */
export const adFormatWarnings: readonly string[] = [adMessages.adMobFormat, adMessages.urlFormat];

/** The website ad that always exists on each platform and cannot be deleted. */
export const PROTECTED_WEB_AD = 'WEB_URL_1';
/** Browser storage key of the Apple web page's previous click snapshot (doc 2 section 3). */
export const WEB_CLICKS_IOS_KEY = 'web_clicks_ios';

export const AD_LIMITS = { name: 100, id: 500, url: 2000, description: 1000 } as const;

/** AdMob ad unit ids, used by both platforms' simple kinds. */
export const ADMOB_UNIT_ID = /^ca-app-pub-\d+\/\d+$/;
const WEB_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** Whether an ad id matches its kind's network format (AdMob for the simple kinds, a URL for web). */
export function adIdWarning(kind: AdKind, adId: string): string | undefined {
  if (kind === 'web') return WEB_URL.test(adId) ? undefined : adMessages.urlFormat;
  return ADMOB_UNIT_ID.test(adId) ? undefined : adMessages.adMobFormat;
}

/** Spaces are stripped from name and id (doc 2 section 5); the description keeps its inner spaces. */
export { stripSpaces };

/** What a save stores as an ad's id: its spaces removed, and a website ad's URL with its scheme (withScheme). */
export const savedAdId = (kind: AdKind, value: string) =>
  kind === 'web' ? withScheme(stripSpaces(value)) : stripSpaces(value);

const blank = (v: unknown) => typeof v !== 'string' || !hasVisibleText(v);
const text = z.string().optional();

function lengthIssues(
  ctx: z.RefinementCtx,
  value: { a_name?: string; a_id: string; a_description: string },
  idMax: number,
) {
  const long = (path: string, max: number) =>
    ctx.addIssue({ code: 'custom', path: [path], message: `must be at most ${max} characters` });
  if (value.a_name !== undefined && stripSpaces(value.a_name).length > AD_LIMITS.name)
    long('a_name', AD_LIMITS.name);
  if (stripSpaces(value.a_id).length > idMax) long('a_id', idMax);
  if (value.a_description.trim().length > AD_LIMITS.description) long('a_description', AD_LIMITS.description);
}

/** Add body: a_name, a_id, a_description, and `force` to save an id that fails the format check. */
export const adAddBody = z
  .object({ a_name: text, a_id: text, a_description: text, force: z.boolean().optional() })
  .superRefine((v, ctx) => {
    if (blank(v.a_name) || blank(v.a_id) || blank(v.a_description)) {
      ctx.addIssue({ code: 'custom', path: [], message: adMessages.fillAll });
      return z.NEVER;
    }
    lengthIssues(ctx, v as { a_name: string; a_id: string; a_description: string }, AD_LIMITS.url);
  })
  .transform((v) => ({
    a_name: stripSpaces(v.a_name ?? ''),
    a_id: stripSpaces(v.a_id ?? ''),
    a_description: (v.a_description ?? '').trim(),
    force: v.force ?? false,
  }));
export type AdAddBody = z.input<typeof adAddBody>;

/**
 * Update body: a_id and a_description only; a_name is accepted only when unchanged. The optional
 * `version` is the row's as the list showed it: the server checks its form (readEditVersion) and refuses
 * the update with 409 when the ad has changed since (docs/decisions/0009-edit-conflicts.md). Without it the
 * update is made as before.
 */
export const adUpdateBody = z
  .object({
    a_name: text,
    a_id: text,
    a_description: text,
    force: z.boolean().optional(),
    [EDIT_VERSION_FIELD]: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (blank(v.a_id) || blank(v.a_description)) {
      ctx.addIssue({ code: 'custom', path: [], message: adMessages.fillAll });
      return z.NEVER;
    }
    lengthIssues(ctx, v as { a_id: string; a_description: string }, AD_LIMITS.url);
  })
  .transform((v) => ({
    a_name: v.a_name === undefined ? undefined : stripSpaces(v.a_name),
    a_id: stripSpaces(v.a_id ?? ''),
    a_description: (v.a_description ?? '').trim(),
    force: v.force ?? false,
    version: v.version,
  }));
export type AdUpdateBody = z.input<typeof adUpdateBody>;

export const simpleAd = z.object({
  _id: z.string(),
  a_name: z.string(),
  a_id: z.string(),
  a_description: z.string(),
  /**
   * The version of what the inline edit changes (a_id, a_description; not the clicks), which the edit
   * sends back (docs/decisions/0009-edit-conflicts.md). Additive.
   */
  [EDIT_VERSION_FIELD]: editVersion,
});
export type SimpleAd = z.infer<typeof simpleAd>;

export const webAd = simpleAd.extend({ a_click: z.number().int() });
export type WebAd = z.infer<typeof webAd>;

const day = calendarDay(adMessages.dayFormat);

/**
 * A range of reporting days (REPORT_TIME_ZONE, Asia/Kolkata by default), both ends included; an end left out leaves that side open (all days
 * before, or from, the other end), as the analytics dashboard reads its range.
 */
export const optionalRangeQuery = z
  .object({ startDate: day.optional(), endDate: day.optional() })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, adMessages.rangeOrder);
export type OpenDayRange = z.infer<typeof optionalRangeQuery>;
export const rangeQuery = z
  .object({ startDate: day, endDate: day })
  .refine((v) => v.startDate <= v.endDate, adMessages.rangeOrder);
export type DayRange = z.infer<typeof rangeQuery>;

export const kindParams = z.object({
  kind: z.enum(simpleAdKinds, { message: adMessages.unknownKind }),
});
export const kindIdParams = kindParams.extend({ id: idSchema });
export const idParams = z.object({ id: idSchema });

/** Clear-all body: the web ads whose clicks to clear in the range (all of the platform when omitted). */
export const clearAllBody = z
  .object({
    id: z
      .union([idSchema, z.array(idSchema).max(1000, 'id lists at most 1000 ids')])
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .optional(),
  })
  .nullish();

export const simpleListReply = replyBase.extend({ data: z.array(simpleAd) });
export const simpleOneReply = replyBase.extend({ data: simpleAd });
export const webListReply = replyBase.extend({ data: z.array(webAd) });
export const webOneReply = replyBase.extend({ data: webAd });
export const clearReply = replyBase.extend({ cleared: z.number().int() });

/** The app's cached read of one platform's ad configuration (see docs/decisions/0014-ad-units.md). */
export const appAdUnit = z.object({ _id: z.string(), a_name: z.string(), a_id: z.string() });
export const adConfig = z.object({
  native: z.array(appAdUnit),
  fullScreen: z.array(appAdUnit),
  banner: z.array(appAdUnit),
  open: z.array(appAdUnit),
  reward: z.array(appAdUnit),
  web: z.array(appAdUnit),
});
export type AdConfig = z.infer<typeof adConfig>;
export const adConfigQuery = z.object({
  platform: z.enum(adPlatforms, { message: 'platform must be android or ios' }),
});
/** One platform's ad configuration, a launch list (launch-lists.ts): it carries its version. */
export const adConfigReply = replyBase.extend({
  platform: z.enum(adPlatforms),
  data: adConfig,
  [LIST_VERSION_FIELD]: listVersion,
});
export type AdConfigReply = z.infer<typeof adConfigReply>;

const bases: Record<AdPlatform, string> = { android: '/api/App/ads', ios: '/api/ios/ads' };
const names: Record<AdPlatform, string> = { android: 'Android', ios: 'Apple' };

function platformRoutes<P extends AdPlatform>(platform: P) {
  const base = bases[platform];
  const who = names[platform];
  // Android ad calls are enveloped in both directions (doc 2 section 7); the Apple ones are plain.
  const envelope = platform === 'android';
  return {
    list: defineRoute({
      method: 'GET',
      path: `${base}/:kind/admin/get`,
      auth: 'admin',
      feature: 'ad-units',
      access: 'read',
      envelope,
      summary: `${who} ad units of one kind, oldest first`,
      params: kindParams,
      reply: simpleListReply,
    }),
    add: defineRoute({
      method: 'POST',
      path: `${base}/:kind/add`,
      auth: 'admin',
      feature: 'ad-units',
      access: 'write',
      envelope,
      summary: `Add a ${who} ad unit (a_name, a_id, a_description; force skips the id-format check)`,
      params: kindParams,
      body: adAddBody,
      reply: simpleOneReply,
    }),
    update: defineRoute({
      method: 'PUT',
      path: `${base}/:kind/update/:id`,
      auth: 'admin',
      feature: 'ad-units',
      access: 'write',
      envelope,
      summary: `Change a ${who} ad unit's a_id and a_description (the name cannot change)`,
      params: kindIdParams,
      body: adUpdateBody,
      reply: simpleOneReply,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `${base}/:kind/delete/:id`,
      auth: 'admin',
      feature: 'ad-units',
      access: 'write',
      envelope,
      summary: `Delete a ${who} ad unit to the trash (issue 34; a restore under a name taken since is a 409)`,
      params: kindIdParams,
      reply: replyBase,
    }),
    webList: defineRoute({
      method: 'GET',
      path: `${base}/webads/admin/get`,
      auth: 'admin',
      feature: 'ad-units',
      access: 'read',
      envelope,
      summary: `${who} website ads with a_click counted within startDate..endDate (all time without)`,
      querystring: optionalRangeQuery,
      reply: webListReply,
    }),
    webAdd: defineRoute({
      method: 'POST',
      path: `${base}/webads/add`,
      auth: 'admin',
      feature: 'ad-units',
      access: 'write',
      envelope,
      summary: `Add a ${who} website ad (a_id is its URL)`,
      body: adAddBody,
      reply: webOneReply,
    }),
    webUpdate: defineRoute({
      method: 'PUT',
      path: `${base}/webads/update/:id`,
      auth: 'admin',
      feature: 'ad-units',
      access: 'write',
      envelope,
      summary: `Change a ${who} website ad's URL and description`,
      params: idParams,
      body: adUpdateBody,
      reply: webOneReply,
    }),
    webDelete: defineRoute({
      method: 'DELETE',
      path: `${base}/webads/delete/:id`,
      auth: 'admin',
      feature: 'ad-units',
      access: 'write',
      envelope,
      summary: `Delete a ${who} website ad to the trash with its clicks (not WEB_URL_1; a restore under a name taken since is a 409)`,
      params: idParams,
      reply: replyBase,
    }),
    webClearOne: defineRoute({
      method: 'DELETE',
      path: `${base}/webads/count/remove/:id`,
      auth: 'admin',
      feature: 'ad-units',
      access: 'write',
      envelope,
      summary: `Clear one ${who} website ad's clicks within startDate..endDate`,
      params: idParams,
      querystring: rangeQuery,
      reply: clearReply,
    }),
    webClearAll: defineRoute({
      method: 'DELETE',
      path: `${base}/webads/count/all/remove`,
      auth: 'admin',
      feature: 'ad-units',
      access: 'write',
      envelope,
      summary: `Clear the listed ${who} website ads' clicks within startDate..endDate`,
      querystring: rangeQuery,
      body: clearAllBody,
      reply: clearReply,
    }),
  } as const;
}

export const adUnitRoutes = {
  android: platformRoutes('android'),
  ios: platformRoutes('ios'),
  config: defineRoute({
    method: 'GET',
    path: '/api/App/ads/config',
    auth: 'app',
    summary: 'The app-facing ad configuration of one platform (cached, ETag)',
    querystring: adConfigQuery,
    reply: adConfigReply,
  }),
} as const;
export type AdPlatformRoutes = (typeof adUnitRoutes)['android'];

/** The twelve pages: URL slug, kind and labels (doc 2 section 2). */
export interface AdPage {
  slug: string;
  kind: AdKind;
  tab: string;
  /** The name inside the title and the add toggle ('Native' in 'Androind Native Ads'). */
  label: string;
}
export const adPages: readonly AdPage[] = [
  { slug: 'nativeAds', kind: 'native', tab: 'Native Ads', label: 'Native' },
  { slug: 'fullScreenAds', kind: 'fullScreen', tab: 'Full Screen Ads', label: 'Full Screen' },
  { slug: 'bannerAds', kind: 'banner', tab: 'Banner Ads', label: 'Banner' },
  { slug: 'openAds', kind: 'open', tab: 'Open Ads', label: 'Open' },
  { slug: 'rewardAds', kind: 'reward', tab: 'Reward Ads', label: 'Reward' },
  { slug: 'webAds', kind: 'web', tab: 'Website Ads', label: 'Website' },
];

/** Page headings: the Android ones keep the spec's 'Androind' (sic). */
export const adPageTitle = (platform: AdPlatform, page: AdPage) =>
  `${platform === 'android' ? 'Androind' : 'Apple'} ${page.label} Ads`;

export const adPagePath = (platform: AdPlatform, slug: string) =>
  platform === 'android' ? `/manage/ads/${slug}/add` : `/manage/ads/ios/${slug}/add`;

/**
 * The analytics page of one web ad (doc 2 section 2), on the list's range: `q` and `adsType` first as the
 * spec writes them, then the range's `startDate` and `endDate` unless it is Today, the dashboard's default.
 */
export function webAdDashboardPath(ad: { _id: string; a_name: string }, range?: RangeChoice): string {
  const path = `/views/dashboard/${encodeURIComponent(ad._id)}?q=${encodeURIComponent(ad.a_name)}&adsType=web`;
  const extra = range ? rangeParams(range).map(([name, value]) => `&${name}=${value}`) : [];
  return path + extra.join('');
}
