import { z } from 'zod';
import { EDIT_VERSION_FIELD, editVersion } from './edit-versions.js';
import { DECIMAL_TEXT, decimalNumber, defineRoute, replyBase, requiredField } from './http.js';
import { launchLists } from './launch-lists.js';
import { liveAdMap } from './live-matches.js';
import { versionRoutes } from './versions.js';

/** The app-wide controller (doc 1 sections 2 to 5 and 7, "Controller"). */

export const controllerMessages = {
  updated: 'Updated successfully',
  fetched: 'Controller settings',
  positionUpdated: 'Ads position updated successfully',
  storyAdsPositionMin: 'Starting position must be 1 or more',
  storyAdsPositionMax: 'Ending position max 10',
  ntvTimingMin: 'Starting NTV Intend Timer must be 0 or more',
  ntvTimingMax: 'Ending NTV Intend Timer max 20',
  webPositionMin: 'Web position must be 1 or more',
  webPositionMax: 'Web position max 100',
  wholeNumber: 'Enter a whole number',
  positionValue: 'value must be a whole number, sent as a number or as text',
  facebookAppIdRequired: 'Facebook app id is required',
  facebookClientTokenRequired: 'Facebook client token is required',
  webRedirectUrlRequired: 'Web redirect URL is required',
  webRedirectUrlInvalid: 'Web redirect URL must be a valid http(s) URL',
  searchTextRequired: 'Search text is required',
  maintenanceMessageRequired: 'Maintenance message is required',
  installUrlRequired: 'Install CTA URL is required',
  installUrlInvalid: 'Install CTA URL must be a valid http(s) URL',
  upiIdRequired: 'UPI id is required',
  upiIdInvalid: 'UPI id must look like name@bank',
  payeeNameRequired: 'Payee name is required',
  phoneInvalid: 'Phone number must be 10 to 15 digits, optionally starting with +',
  payAmountInvalid: 'Pay amount must be a number greater than 0',
  payAmountMax: 'Pay amount must be at most 100000',
  payAmountDecimals: 'Pay amount can have at most 2 decimals',
  maintenanceStatus: 'Maintenance status',
  loadCheck: 'App launch data',
  /** The Web Redirect form's Save when neither of its values was changed: nothing is sent. */
  nothingChanged: 'No changes to save',
  /** The things named by an edit conflict (editVersionMessages.changed), as the forms are titled. */
  facebookConflictThing: 'Facebook SDK setting',
  phonePayConflictThing: 'payee',
} as const;

/** The on/off settings: the toggle call sends one of these names with the inverse value. */
export const CONTROLLER_FLAGS = [
  'reels',
  'storyBrand',
  'liveMatch',
  'inHouseAds',
  'storyVideo',
  'hidden_module',
  'exclusive_module',
  'installNew',
  'maintenance',
] as const;
export type ControllerFlag = (typeof CONTROLLER_FLAGS)[number];

export const flagLabels: Record<ControllerFlag, string> = {
  reels: 'Reels',
  storyBrand: 'Story Brand (Shortcut)',
  liveMatch: 'Live Match',
  inHouseAds: 'In-House Ads',
  storyVideo: 'Story Video',
  hidden_module: 'X Player',
  exclusive_module: 'Exclusive Module',
  installNew: 'Install New App',
  maintenance: 'Maintenance Mode',
};

/** The numbers saved through `Edit/storyAdsPosition`, with their inclusive ranges and messages. */
export const positionRules = {
  storyAdsPosition: {
    label: 'Story Ads Position',
    min: 1,
    max: 9,
    inputMax: 10,
    minMessage: controllerMessages.storyAdsPositionMin,
    maxMessage: controllerMessages.storyAdsPositionMax,
  },
  ntvTiming: {
    label: 'NTV Timer',
    min: 0,
    max: 19,
    inputMax: 20,
    minMessage: controllerMessages.ntvTimingMin,
    maxMessage: controllerMessages.ntvTimingMax,
  },
  webPosition: {
    label: 'Web Position',
    min: 1,
    max: 100,
    inputMax: 100,
    minMessage: controllerMessages.webPositionMin,
    maxMessage: controllerMessages.webPositionMax,
  },
} as const;
export type PositionName = keyof typeof positionRules;
export const POSITION_NAMES = Object.keys(positionRules) as [PositionName, ...PositionName[]];

/**
 * Checks a position value as the form and the server both do. Empty counts as below the minimum (the
 * spec's NTV rule), a non-number or a fraction is refused. Returns the number or the message.
 */
export function checkPosition(name: PositionName, raw: unknown): number | { message: string } {
  const rule = positionRules[name];
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (raw === undefined || raw === null || text === '') return { message: rule.minMessage };
  if (!DECIMAL_TEXT.test(text)) return { message: controllerMessages.wholeNumber };
  const value = Number(text);
  if (value < rule.min) return { message: rule.minMessage };
  if (value > rule.max) return { message: rule.maxMessage };
  if (!Number.isInteger(value)) return { message: controllerMessages.wholeNumber };
  return value;
}

const BASE_MODES = ['OFF', 'OPEN', 'FS', 'NTV', 'URL', 'FS_WEB'] as const;
const REWARD_MODES = [...BASE_MODES, 'REWARD'] as const;
export const INTENT_MODES = ['BOTH', 'FORWORD', 'BACKWORD'] as const;

/** Each placement mode and the values it allows (doc 1 section 4). */
export const placementModes = {
  afterSplaceAds: BASE_MODES,
  afterIntroAds: BASE_MODES,
  categoryToVideoList: REWARD_MODES,
  videoListToVideo: REWARD_MODES,
  videoToVideoPlay: REWARD_MODES,
  playButton: REWARD_MODES,
  intentControl: INTENT_MODES,
} as const satisfies Record<string, readonly string[]>;
export type PlacementField = keyof typeof placementModes;
export const PLACEMENT_FIELDS = Object.keys(placementModes) as [PlacementField, ...PlacementField[]];

export const placementLabels: Record<PlacementField, string> = {
  afterSplaceAds: 'After Splash Ads',
  afterIntroAds: 'After Intro Ads',
  categoryToVideoList: 'Category to Video List',
  videoListToVideo: 'Video List to Video',
  videoToVideoPlay: 'Video to Video Play',
  playButton: 'Play Button',
  intentControl: 'Intent Control',
};

export const modeLabels: Record<string, string> = {
  OFF: 'Off',
  OPEN: 'Open Ad',
  FS: 'Full Screen',
  NTV: 'Native',
  URL: 'URL',
  FS_WEB: 'Full Screen Web',
  REWARD: 'Reward',
  BOTH: 'Both',
  FORWORD: 'Forward',
  BACKWORD: 'Backward',
};

/** The text settings saved through `Edit/weburl` (`field` and `url`). */
export const TEXT_FIELDS = ['webRedirectUrl', 'searchText', 'maintenanceMessage'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const LIMITS = { url: 2048, searchText: 200, maintenanceMessage: 500, facebook: 256 } as const;

const httpUrl = (required: string, invalid: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(LIMITS.url, `URL must be at most ${LIMITS.url} characters`)
    .refine((v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, invalid);

const textRules: Record<TextField, z.ZodType<string>> = {
  webRedirectUrl: httpUrl(
    controllerMessages.webRedirectUrlRequired,
    controllerMessages.webRedirectUrlInvalid,
  ),
  // checkText hands these a string, so requiredField's message for a non-string never shows.
  searchText: requiredField(controllerMessages.searchTextRequired, LIMITS.searchText, 'Search text'),
  maintenanceMessage: requiredField(
    controllerMessages.maintenanceMessageRequired,
    LIMITS.maintenanceMessage,
    'Maintenance message',
  ),
};

/** Checks one text setting; returns the trimmed value or the message. */
export function checkText(field: TextField, raw: unknown): string | { message: string } {
  const result = textRules[field].safeParse(typeof raw === 'string' ? raw : '');
  return result.success ? result.data : { message: result.error.issues[0]?.message ?? 'Invalid value' };
}

/** Every stored setting with its value type. */
export const controllerSettings = z.object({
  reels: z.boolean(),
  storyBrand: z.boolean(),
  liveMatch: z.boolean(),
  inHouseAds: z.boolean(),
  storyVideo: z.boolean(),
  hidden_module: z.boolean(),
  exclusive_module: z.boolean(),
  installNew: z.boolean(),
  maintenance: z.boolean(),
  maintenanceMessage: z.string(),
  storyAdsPosition: z.number().int(),
  ntvTiming: z.number().int(),
  webPosition: z.number().int(),
  facebook_app_id: z.string(),
  facebook_client_token: z.string(),
  webRedirectUrl: z.string(),
  searchText: z.string(),
  afterSplaceAds: z.enum(BASE_MODES),
  afterIntroAds: z.enum(BASE_MODES),
  categoryToVideoList: z.enum(REWARD_MODES),
  videoListToVideo: z.enum(REWARD_MODES),
  videoToVideoPlay: z.enum(REWARD_MODES),
  playButton: z.enum(REWARD_MODES),
  intentControl: z.enum(INTENT_MODES),
  installNewBtnUrl: z.string(),
  upi_id: z.string(),
  payee_name: z.string(),
  phone: z.string(),
  payAmount: z.number(),
});
export type ControllerSettings = z.infer<typeof controllerSettings>;
export type SettingName = keyof ControllerSettings;

/**
 * Every setting's name as the Controller screen labels it: one source for the screen's History and
 * scheduled changes, and the activity log's entries (docs/decisions/0094). A new setting does not compile
 * until it has one.
 */
export const settingLabels: Record<SettingName, string> = {
  ...flagLabels,
  ...placementLabels,
  storyAdsPosition: positionRules.storyAdsPosition.label,
  ntvTiming: positionRules.ntvTiming.label,
  webPosition: positionRules.webPosition.label,
  maintenanceMessage: 'Maintenance Message',
  facebook_app_id: 'Facebook App ID',
  facebook_client_token: 'Facebook Client Token',
  webRedirectUrl: 'Web Redirect URL',
  searchText: 'Search Text',
  installNewBtnUrl: 'Install CTA URL',
  upi_id: 'UPI ID',
  payee_name: 'Payee Name',
  phone: 'Phone',
  payAmount: 'Pay Amount',
};

/** A setting's name as the Controller screen labels it; a name that is no setting stays as it is. */
export const settingLabel = (name: string): string =>
  Object.hasOwn(settingLabels, name) ? settingLabels[name as SettingName] : name;

/** Settings as the Controller screen labels them, in a list: `Reels, Story Ads Position`. */
export const settingList = (names: readonly string[]): string => names.map(settingLabel).join(', ');

/**
 * A controller entry's label with each setting its lists name by key (`controller: storyAdsPosition`,
 * `controller: by schedule, end, back to before: reels`, as entries were written before 0094) named as
 * the screen labels it. A list item is what follows `: ` or `, ` up to `, `, `; ` or the end; a label
 * already in words is left as it is.
 */
export const withSettingLabels = (label: string): string =>
  label.replace(/(?<=: |, )[A-Za-z_]+(?=, |; |$)/g, settingLabel);

/** What a fresh install starts with (docs/decisions/0019-controller.md). */
export const controllerDefaults: ControllerSettings = {
  reels: true,
  storyBrand: true,
  liveMatch: true,
  inHouseAds: true,
  storyVideo: true,
  hidden_module: false,
  exclusive_module: false,
  installNew: false,
  maintenance: false,
  maintenanceMessage: 'We are improving the app. Please check back in a few minutes.',
  storyAdsPosition: 3,
  ntvTiming: 5,
  webPosition: 10,
  facebook_app_id: '',
  facebook_client_token: '',
  webRedirectUrl: '',
  searchText: 'Search videos',
  afterSplaceAds: 'OFF',
  afterIntroAds: 'OFF',
  categoryToVideoList: 'OFF',
  videoListToVideo: 'OFF',
  videoToVideoPlay: 'OFF',
  playButton: 'OFF',
  intentControl: 'BOTH',
  installNewBtnUrl: '',
  upi_id: '',
  payee_name: '',
  phone: '',
  payAmount: 0,
};

export const installNewInfo = z.object({ status: z.boolean(), btn_url: z.string() });

/**
 * The forms whose save writes several settings at once, and those settings. Each is saved whole, so a
 * form read before another admin changed one of them would put the old value back: its save carries the
 * version of these settings as read (docs/decisions/0009-edit-conflicts.md). The other saves write only the
 * one value the admin set.
 */
export const EDIT_GROUPS = {
  facebook: ['facebook_app_id', 'facebook_client_token'],
  phonePay: ['upi_id', 'payee_name', 'phone'],
} as const satisfies Record<string, readonly (keyof ControllerSettings)[]>;
export type EditGroup = keyof typeof EDIT_GROUPS;

/**
 * A whole-form save's reply: the version of the form's settings as now stored (trimmed as the server
 * keeps them), which the form's next save sends. Additive.
 */
export const wholeFormSaveReply = replyBase.extend({ [EDIT_VERSION_FIELD]: editVersion });

export const controllerDataReply = replyBase.extend({
  data: controllerSettings,
  installNew: installNewInfo,
  /** App launches counted by `app/loadCheck`. */
  appOpens: z.number().int(),
  /** The version of each form's settings (EDIT_GROUPS), which its save sends back. Additive. */
  versions: z.object({ facebook: editVersion, phonePay: editVersion }),
});
export type ControllerDataReply = z.infer<typeof controllerDataReply>;

export const flagBody = z.object({
  name: z.enum(CONTROLLER_FLAGS, `name must be one of ${CONTROLLER_FLAGS.join(', ')}`),
  status: z.boolean('status must be true or false'),
});
export type FlagBody = z.infer<typeof flagBody>;

export const positionBody = z
  .object({
    name: z.enum(POSITION_NAMES, `name must be one of ${POSITION_NAMES.join(', ')}`),
    value: z
      .union([z.number(), z.string().max(20, controllerMessages.positionValue), z.null()], {
        error: controllerMessages.positionValue,
      })
      .optional(),
  })
  .transform((body, ctx) => {
    const checked = checkPosition(body.name, body.value);
    if (typeof checked === 'number') return { name: body.name, value: checked };
    ctx.addIssue({ code: 'custom', message: checked.message, path: [] });
    return z.NEVER;
  });
export type PositionBody = z.input<typeof positionBody>;

export const textBody = z
  .object({
    field: z.enum(TEXT_FIELDS, `field must be one of ${TEXT_FIELDS.join(', ')}`),
    url: z
      .string()
      .max(LIMITS.url + 100, `url must be at most ${LIMITS.url} characters`)
      .optional(),
  })
  .transform((body, ctx) => {
    const checked = checkText(body.field, body.url);
    if (typeof checked === 'string') return { field: body.field, url: checked };
    ctx.addIssue({ code: 'custom', message: checked.message, path: [] });
    return z.NEVER;
  });
export type TextBody = z.input<typeof textBody>;

/**
 * The version a whole-form save was read with (optional); the server checks its form (readEditVersion:
 * 400 when it is no version) and refuses the save with 409 when the form's settings changed since.
 */
const sentVersion = { [EDIT_VERSION_FIELD]: z.unknown().optional() };

export const facebookBody = z.object({
  facebook_app_id: requiredField(
    controllerMessages.facebookAppIdRequired,
    LIMITS.facebook,
    'Facebook app id',
  ),
  facebook_client_token: requiredField(
    controllerMessages.facebookClientTokenRequired,
    LIMITS.facebook,
    'Facebook client token',
  ),
  ...sentVersion,
});
export type FacebookBody = z.infer<typeof facebookBody>;

export const phonePayBody = z.object({
  upi_id: requiredField(controllerMessages.upiIdRequired, 256, 'UPI id').regex(
    /^[\w.-]{2,}@[A-Za-z][\w.-]*$/,
    controllerMessages.upiIdInvalid,
  ),
  payee_name: requiredField(controllerMessages.payeeNameRequired, 100, 'Payee name'),
  phone: z
    .string()
    .trim()
    .regex(/^(\+?\d{10,15})?$/, controllerMessages.phoneInvalid)
    .optional()
    .default(''),
  ...sentVersion,
});
export type PhonePayBody = z.input<typeof phonePayBody>;

export const payAmountBody = z.object({
  // A number, or the text of one as a form field holds it; not true, [] or null, which coerce to a number.
  payAmount: z.union([z.number(), z.string()], controllerMessages.payAmountInvalid).pipe(
    decimalNumber<z.ZodType<number>, string | number>(
      z
        .number(controllerMessages.payAmountInvalid)
        .refine((v) => Number.isFinite(v) && v > 0, controllerMessages.payAmountInvalid)
        .refine((v) => v <= 100000, controllerMessages.payAmountMax)
        // Exact: a number typed with at most 2 decimals reads back the same from its 2-decimal text (0.29 does,
        // though 0.29 * 100 is not whole in binary); 0.3000000001 does not, and is not stored as such.
        .refine((v) => Number(v.toFixed(2)) === v, controllerMessages.payAmountDecimals),
    ),
  ),
});
export type PayAmountBody = z.input<typeof payAmountBody>;

export const installNewBody = z.object({
  btn_url: httpUrl(controllerMessages.installUrlRequired, controllerMessages.installUrlInvalid),
});
export type InstallNewBody = z.infer<typeof installNewBody>;

export const placementBody = z
  .object({
    field: z.enum(PLACEMENT_FIELDS, `field must be one of ${PLACEMENT_FIELDS.join(', ')}`),
    name: z.string('name is required').trim().min(1, 'name is required').max(20, 'name is too long'),
  })
  .transform((body, ctx) => {
    const allowed: readonly string[] = placementModes[body.field];
    if (allowed.includes(body.name)) return body;
    ctx.addIssue({
      code: 'custom',
      message: `${body.name} is not allowed for ${body.field}. Allowed values: ${allowed.join(', ')}`,
      path: [],
    });
    return z.NEVER;
  });
export type PlacementBody = z.input<typeof placementBody>;

export const maintenanceReply = replyBase.extend({
  maintenance: z.boolean(),
  maintenanceMessage: z.string(),
});
export type MaintenanceReply = z.infer<typeof maintenanceReply>;

/**
 * The app's launch reply: the controller settings, the live ads map, and where each launch list is read
 * with the version it has now (launch-lists.ts, docs/decisions/0007-app-reads.md). The lists themselves
 * are not in it: an app reads only those whose version differs from the copy it kept. Spelled out so
 * the published API description gives the app's generated models every field.
 */
export const loadCheckReply = replyBase.extend({
  data: z.object({
    controller: controllerSettings,
    installNew: installNewInfo,
    /** As GET /api/App/liveMatch/liveAds: a few named fields, small enough to go with the launch. */
    liveAds: liveAdMap,
    lists: launchLists,
  }),
});
export type LoadCheckReply = z.infer<typeof loadCheckReply>;

export const controllerRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/App/admin/ControlerData',
    auth: 'admin',
    feature: 'controller',
    access: 'read',
    summary:
      'Every controller setting, with installNew, the app-open count and the versions the Facebook and payee forms send back',
    reply: controllerDataReply,
  }),
  flag: defineRoute({
    method: 'PUT',
    path: '/api/App/Controler/Edit/storyVideo',
    auth: 'admin',
    feature: 'controller',
    access: 'write',
    summary: 'Set one on/off setting (name, status)',
    body: flagBody,
    reply: replyBase,
  }),
  position: defineRoute({
    method: 'PUT',
    path: '/api/App/Controler/Edit/storyAdsPosition',
    auth: 'admin',
    feature: 'controller',
    access: 'write',
    envelope: true,
    summary: 'Set storyAdsPosition (1-9), ntvTiming (0-19) or webPosition (1-100)',
    body: positionBody,
    reply: replyBase,
  }),
  text: defineRoute({
    method: 'PUT',
    path: '/api/App/Controler/Edit/weburl',
    auth: 'admin',
    feature: 'controller',
    access: 'write',
    envelope: true,
    summary: 'Set webRedirectUrl, searchText or maintenanceMessage (field, url)',
    body: textBody,
    reply: replyBase,
  }),
  facebook: defineRoute({
    method: 'PUT',
    path: '/api/App/Controler/Edit/facebook/data',
    auth: 'admin',
    feature: 'controller',
    access: 'write',
    summary: `Set facebook_app_id and facebook_client_token; optional ${EDIT_VERSION_FIELD} (versions.facebook of the read): refused with 409 when they were changed since`,
    body: facebookBody,
    reply: wholeFormSaveReply,
  }),
  phonePay: defineRoute({
    method: 'PUT',
    path: '/api/App/Controler/Edit/phone/pay',
    auth: 'admin',
    feature: 'controller',
    access: 'write',
    summary: `Set the UPI/phone payee (upi_id, payee_name, optional phone); optional ${EDIT_VERSION_FIELD} (versions.phonePay of the read): refused with 409 when it was changed since`,
    body: phonePayBody,
    reply: wholeFormSaveReply,
  }),
  payAmount: defineRoute({
    method: 'PUT',
    path: '/api/App/Controler/Edit/payAmount',
    auth: 'admin',
    feature: 'controller',
    access: 'write',
    envelope: true,
    summary: 'Set the pay amount',
    body: payAmountBody,
    reply: replyBase,
  }),
  installNew: defineRoute({
    method: 'PUT',
    path: '/api/App/controler/install/new',
    auth: 'admin',
    feature: 'controller',
    access: 'write',
    summary: 'Set the Install New App CTA URL (btn_url)',
    body: installNewBody,
    reply: replyBase,
  }),
  placement: defineRoute({
    method: 'PUT',
    path: '/api/App/controler/admin/afterIntro/change',
    auth: 'admin',
    feature: 'controller',
    access: 'write',
    summary: 'Set a placement mode (field, name)',
    body: placementBody,
    reply: replyBase,
  }),
  maintenance: defineRoute({
    method: 'GET',
    path: '/api/App/Controler/maintenance/status',
    auth: 'app',
    summary: 'The maintenance flag and message (cached, ETag)',
    reply: maintenanceReply,
  }),
  loadCheck: defineRoute({
    method: 'GET',
    path: '/api/App/Controler/app/loadCheck',
    auth: 'app',
    summary:
      'The launch reply: controller settings, live ads, and each launch list with its version (cached, ETag); counts an app open',
    reply: loadCheckReply,
  }),
} as const;

/** The controller's versions and rollback (docs/decisions/0032-versions.md). */
export const controllerVersionRoutes = versionRoutes(
  'controller',
  '/api/admin/controller/versions',
  controllerSettings,
  'the controller',
);
