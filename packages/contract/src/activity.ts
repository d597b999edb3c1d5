import { z } from 'zod';
import { decimalNumber, defineRoute, idSchema, pageSize, replyBase, searchText } from './http.js';
import { FEATURE_NAMES, type Feature } from './roles.js';

/**
 * The activity log: every back-office write, recorded in the same transaction as the write
 * (docs/decisions/0028-activity-log.md). Append-only: no route edits or deletes an entry.
 */
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'fire',
  'send',
  'resend',
  'clear',
  'sign-in',
  'sign-out',
  'failed sign-in',
  'role change',
  'restore',
  'revert',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Days an entry is kept when ACTIVITY_RETENTION_DAYS is not set (0 keeps every entry). */
export const ACTIVITY_RETENTION_DAYS_DEFAULT = 365;
export const ACTIVITY_PAGE_MAX = 200;
/**
 * The most entries a list counts (0041): `total` stops here and `totalCapped` says more match. A count of
 * a million entries takes longer than the page itself; past this many, a filter finds an entry sooner
 * than paging does.
 */
export const ACTIVITY_COUNT_MAX = 10_000;
/**
 * The fewest characters (code points) an Activity search takes: a trigram, the least its index can look
 * up. A shorter text was checked in every entry (`#1` at a million entries: 1.8 s on SQLite, 0.45 s on
 * PostgreSQL) and matches a large share of them (docs/decisions/0072).
 */
export const ACTIVITY_SEARCH_MIN = 3;
/** A search text (trimmed) that is given but shorter than ACTIVITY_SEARCH_MIN characters. */
export const searchTooShort = (text: string) => text !== '' && [...text].length < ACTIVITY_SEARCH_MIN;
/** The value that stands for a secret (a token, a password) in an entry: the secret itself is never stored. */
export const HIDDEN_VALUE = '(hidden)';

export const activityMessages = {
  listed: 'Activity fetched',
  badDate: 'from and to must be dates (YYYY-MM-DD) or ISO times',
  badRange: 'from must not be after to',
  shortSearch: `q must be at least ${ACTIVITY_SEARCH_MIN} characters`,
  notFound: 'Activity entry not found',
  reverted: 'Change reverted',
  notRevertable: 'This change cannot be reverted',
  /** The item changed after the entry: its later change would be lost. */
  changedSince: (label: string) =>
    `This change cannot be reverted: ${label || 'the item'} was changed since. Revert the later change first.`,
  itemGone: (label: string) => `This change cannot be reverted: ${label || 'the item'} no longer exists.`,
};

export const activityChange = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type ActivityChange = z.infer<typeof activityChange>;

export const activityEntry = z.object({
  _id: z.string(),
  at: z.string(),
  personId: z.string().nullable(),
  personName: z.string(),
  role: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  feature: z.string(),
  itemId: z.string(),
  label: z.string(),
  changes: z.array(activityChange),
  ip: z.string(),
  userAgent: z.string(),
  /** Whether "Revert this change" applies (an update of a settings-like record; 0031). */
  revertable: z.boolean(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

const dateOrTime = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), activityMessages.badDate);

export const activityQuery = z
  .object({
    page: decimalNumber(z.number().int().min(1, 'page must be 1 or more')).default(1),
    limit: pageSize(50, ACTIVITY_PAGE_MAX),
    person: z.string().trim().max(64, 'person is too long').optional(),
    feature: z.enum(FEATURE_NAMES as [Feature, ...Feature[]], 'feature is not a known feature').optional(),
    action: z.enum(ACTIVITY_ACTIONS, 'action is not a known action').optional(),
    item: z.string().trim().max(64, 'item is too long').optional(),
    from: dateOrTime.optional(),
    to: dateOrTime.optional(),
    q: searchText.refine((v) => !searchTooShort(v ?? ''), activityMessages.shortSearch),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: activityMessages.badRange, path: ['from'] });
export type ActivityQuery = z.infer<typeof activityQuery>;

export const activityListReply = replyBase.extend({
  data: z.array(activityEntry),
  /** The entries the filters match, counted up to ACTIVITY_COUNT_MAX; with `q`, up to SEARCH_COUNT_MAX. */
  total: z.number(),
  totalPage: z.number(),
  /** More entries match than `total` says (the count stopped at its cap). */
  totalCapped: z.boolean(),
});
export type ActivityListReply = z.infer<typeof activityListReply>;

export const activityRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/activity',
    summary: 'The activity log, newest first, filtered by person, feature, action, item, dates and text',
    auth: 'admin',
    feature: 'activity',
    access: 'read',
    querystring: activityQuery,
    reply: activityListReply,
  }),
  revert: defineRoute({
    method: 'POST',
    path: '/api/admin/activity/:id/revert',
    summary:
      'Revert an update of a settings-like record (controller, policy, ad units, in-house ad fields, live match fields, web live ads, live call ad fields): writes its before values back, refused (409) when the item changed since',
    auth: 'admin',
    feature: 'activity',
    access: 'write',
    params: z.object({ id: idSchema }),
    reply: replyBase,
  }),
};
