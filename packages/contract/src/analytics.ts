import { z } from 'zod';
import { calendarDay, quickRange, quickRanges, type DayRange, type QuickRangeKey } from './date-ranges.js';
import { defineRoute, idSchema, replyBase } from './http.js';
import { DEFAULT_REPORT_TIME_ZONE } from './report-days.js';

/** The things the app reports views and clicks of (ARCHITECTURE.md, "how views and clicks arrive"). */
export const eventEntities = [
  'story',
  'shortcut',
  'reel',
  'inhouseAd',
  'webAd',
  'iosWebAd',
  'liveMatch',
  'liveAdFire',
  'video',
] as const;
export type EventEntity = (typeof eventEntities)[number];

export const MAX_EVENTS_PER_BATCH = 500;

export const appEvent = z.object({
  type: z.enum(['view', 'click', 'heartbeat'], 'type must be view, click or heartbeat'),
  entity: z.enum(eventEntities, `entity must be one of ${eventEntities.join(', ')}`),
  id: idSchema,
  clientId: z
    .string('clientId is required')
    .trim()
    .min(1, 'clientId is required')
    .max(128, 'clientId is too long'),
  at: z.iso.datetime({ offset: true, message: 'at must be an ISO-8601 time' }).optional(),
});
export type AppEvent = z.infer<typeof appEvent>;

/** How long a batch's id is remembered when the server's EVENT_BATCH_WINDOW_MINUTES does not say. */
export const DEFAULT_EVENT_BATCH_WINDOW_MINUTES = 60;

const batchIdMessage = 'batchId must be 8 to 64 letters, digits, - or _';

export const eventsBody = z.object({
  events: z
    .array(appEvent, 'events must be a list')
    .min(1, 'events must hold at least one event')
    .max(MAX_EVENTS_PER_BATCH, `events holds at most ${MAX_EVENTS_PER_BATCH} events per batch`),
  batchId: z
    .string(batchIdMessage)
    .regex(/^[A-Za-z0-9_-]{8,64}$/, batchIdMessage)
    .optional()
    .describe(
      `Makes a retry safe: the app's own id for this batch (a UUID fits), sent again unchanged with every retry of it. A batch whose batchId was already counted within the last ${DEFAULT_EVENT_BATCH_WINDOW_MINUTES} minutes (the server's EVENT_BATCH_WINDOW_MINUTES), by any server process, counts nothing again and is answered with duplicate true; after that window the same id counts again. Without batchId every batch counts.`,
    ),
});
export type EventsBody = z.infer<typeof eventsBody>;

const eventCount = z.number().int().min(0);

/**
 * Why the events of a batch that were not counted were dropped, one count per reason; every reason is
 * always present (0 when none was), so an app reads a fixed shape. They add up to `dropped`.
 */
export const droppedReasons = z.object({
  unknownId: eventCount.describe(
    'Events whose id is no item of their entity: never was, deleted, or sent under the wrong entity',
  ),
  tooOld: eventCount.describe("Events whose `at` is more than 7 days before the server's time"),
  inactive: eventCount.describe('Heartbeats for a live match that is switched off'),
});
export type DropReason = keyof z.infer<typeof droppedReasons>;

export const eventsReply = replyBase.extend({
  accepted: z.number().int(),
  dropped: z.number().int(),
  droppedReasons,
  duplicate: z
    .boolean()
    .describe(
      'True when this batchId was already counted within the window: nothing was counted again (accepted, dropped and every droppedReasons count are 0), and the app should clear the batch as sent. Always present; false without batchId',
    ),
});
export type EventsReply = z.infer<typeof eventsReply>;

const day = calendarDay('must be a date as YYYY-MM-DD');

export const dashboardQuery = z
  .object({ startDate: day.optional(), endDate: day.optional() })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'startDate must not be after endDate',
    path: ['startDate'],
  });

const shownRange = z
  .object({ startDate: day, endDate: day })
  .refine((q) => q.startDate <= q.endDate, 'startDate must not be after endDate');

/** A range of days as the date pickers show it: a quick range, or dates picked by hand. */
export type RangeChoice = DayRange & { preset: QuickRangeKey | 'custom' };

/**
 * The quick range with exactly these days ('custom' when none has them), as on `now`'s day in the
 * reporting time zone.
 */
export function presetOf(
  range: DayRange,
  now: Date = new Date(),
  timeZone: string = DEFAULT_REPORT_TIME_ZONE,
): QuickRangeKey | 'custom' {
  const same = (key: QuickRangeKey) => {
    const quick = quickRange(key, now, timeZone);
    return quick.startDate === range.startDate && quick.endDate === range.endDate;
  };
  return quickRanges.find(({ key }) => same(key))?.key ?? 'custom';
}

/**
 * The range a screen keeps in its URL's `startDate` and `endDate`: the website ads lists, and the dashboard
 * their click counts open (docs/decisions/0005-app-events.md). Both ends, calendar days, in
 * order; anything else is Today, the screens' default, which the URL leaves out.
 */
export function rangeInQuery(
  query: { get(name: string): string | null },
  now: Date = new Date(),
  timeZone: string = DEFAULT_REPORT_TIME_ZONE,
): RangeChoice {
  const read = shownRange.safeParse({ startDate: query.get('startDate'), endDate: query.get('endDate') });
  if (!read.success) return { ...quickRange('today', now, timeZone), preset: 'today' };
  return { ...read.data, preset: presetOf(read.data, now, timeZone) };
}

/** The query parameters of a range in a URL: none for Today, else `startDate` and `endDate`. */
export const rangeParams = (range: RangeChoice): [string, string][] =>
  range.preset === 'today'
    ? []
    : [
        ['startDate', range.startDate],
        ['endDate', range.endDate],
      ];

/** Puts the range in a URL's query, keeping its other parameters where they are. */
export function withRangeParams<Q extends { set(n: string, v: string): void; delete(n: string): void }>(
  query: Q,
  range: RangeChoice,
): Q {
  query.delete('startDate');
  query.delete('endDate');
  for (const [name, value] of rangeParams(range)) query.set(name, value);
  return query;
}

export const dayCount = z.object({ createdAt: z.string(), count: z.number().int() });
export type DayCount = z.infer<typeof dayCount>;

export const dashboardReply = replyBase.extend({
  views_data: z.array(dayCount),
  clicks_data: z.array(dayCount),
  totalViews: z.number().int(),
  totalClicks: z.number().int(),
});
export type DashboardReply = z.infer<typeof dashboardReply>;

export const analyticsMessages = {
  counted: 'Events counted',
  dashboard: 'Analytics data',
  /**
   * A 404 to the dashboard of an id that names nothing counted: no ad (nor story, reel, video, live
   * match...) of that id, none in the trash (docs/decisions/0093).
   */
  notFound: 'No ad or other item with views and clicks has this id',
  cleared: 'Analytics data cleared',
  nothingToClear: 'There is no data in this range',
  /** A 409: the counted days of an item in the trash are what its restore brings back. */
  inTrash: 'This item is in the trash: restore it first to clear its views and clicks',
  /** A 503 to an events batch that could not be put on disk; the app sends it again. */
  notStored: 'The events could not be stored: send them again',
} as const;

export const analyticsRoutes = {
  events: defineRoute({
    method: 'POST',
    path: '/api/App/events',
    auth: 'app',
    summary: 'The app reports a batch of up to 500 view, click and heartbeat events',
    body: eventsBody,
    reply: eventsReply,
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/api/admin/view/dashbord/:id',
    auth: 'admin',
    feature: 'analytics',
    access: 'read',
    summary:
      'Views and clicks per day of one item over a date range (days in the reporting time zone); 404 when the id names no counted item, in the trash or not',
    params: z.object({ id: idSchema }),
    querystring: dashboardQuery,
    reply: dashboardReply,
  }),
  clear: defineRoute({
    method: 'DELETE',
    path: '/api/admin/view/dashbord/:id',
    auth: 'admin',
    feature: 'analytics',
    access: 'write',
    summary:
      "Clears one item's views and clicks in a date range and fixes its totals (a 409 for an item in the trash, whose counts its restore brings back; a 404 when the id names no counted item)",
    params: z.object({ id: idSchema }),
    querystring: dashboardQuery,
    reply: replyBase,
  }),
} as const;
