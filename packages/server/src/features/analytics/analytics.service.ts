import { analyticsMessages, type DashboardReply, type DayCount } from '@streamdesk/contract/analytics';
import type { AppCache } from '../../platform/app-cache.js';
import { dailyTotals, deleteRange, rangeCounts } from './analytics.repository.js';
import type { EventCounter } from './event-counter.js';
import { addToItemTotals, type ItemCounters } from './item-totals.js';
import type { AppDb } from '../../platform/db/database.js';
import { conflict, notFound } from '../../platform/errors.js';
import { inTrash } from '../../platform/trash/trash.repository.js';

export function createAnalyticsService(deps: {
  db: AppDb;
  /** For the dashboard's read (off the event loop on SQLite: FeatureContext.readDb). */
  readDb: AppDb;
  counters: ItemCounters;
  cache: AppCache;
  counter: EventCounter;
}) {
  const { db, counters, cache, counter } = deps;

  /**
   * Whether `id` names something whose views and clicks the dashboard shows: an item of a counted entity
   * (a primary-key read of each), or one in the trash, whose counted days are kept for its restore.
   */
  async function counted(id: string, on: AppDb = deps.readDb): Promise<boolean> {
    const found = await Promise.all([...counters.values()].map((c) => c.items(on, [id])));
    if (found.some((items) => items.length > 0)) return true;
    return inTrash(on, id);
  }

  /**
   * Views and clicks per day of one item; totals are over the same range. An id that names nothing
   * counted is a 404, not zeros that read as an ad nobody saw (0093).
   */
  async function dashboard(id: string, startDate?: string, endDate?: string): Promise<DashboardReply> {
    const days = await dailyTotals(deps.readDb, id, startDate, endDate);
    // Counted days are an item's (events for unknown ids are dropped, an item deleted for good takes its
    // counts: 0005), so only an empty range asks whether the id names one: the reads of every counted
    // entity beside the totals cost an ad with views 1.2-2.3 ms of its 6-7 (0093).
    if (days.length === 0 && !(await counted(id))) throw notFound(analyticsMessages.notFound);
    // PostgreSQL's sum of integers is a bigint, which arrives as a string.
    const perDay = (kind: 'views' | 'clicks'): DayCount[] =>
      days.flatMap((d) => (d[kind] === null ? [] : [{ createdAt: d.day, count: Number(d[kind]) }]));
    const views = perDay('views');
    const clicks = perDay('clicks');
    const sum = (list: DayCount[]) => list.reduce((n, d) => n + d.count, 0);
    return {
      status: true,
      message: analyticsMessages.dashboard,
      views_data: views,
      clicks_data: clicks,
      totalViews: sum(views),
      totalClicks: sum(clicks),
    };
  }

  /**
   * Clears one item's counts in a range (all time without dates) and takes them off its totals, in one
   * transaction. Pending counts are written first so nothing counted before the clear survives it, and
   * no flush runs meanwhile (`exclusively`). An item in the trash, or inside an entry of it (a video of a trashed
   * category), keeps its counts for its restore: a 409, nothing cleared.
   */
  async function clear(id: string, startDate?: string, endDate?: string): Promise<{ cleared: number }> {
    const tags = new Set<string>();
    let cleared = 0;
    await counter.exclusively(() =>
      db.transaction().execute(async (trx) => {
        if (await inTrash(trx, id)) throw conflict(analyticsMessages.inTrash);
        // PostgreSQL's sum of integers is a bigint, which arrives as a string.
        const taken = (await rangeCounts(trx, id, startDate, endDate)).map((r) => ({
          ...r,
          entity_id: id,
          count: -Number(r.count),
        }));
        // As the dashboard's read: an id with no counted days that names nothing is a 404, not "0 cleared"
        // (a mistyped link's clear would otherwise be logged as done).
        if (taken.length === 0 && !(await counted(id, trx))) throw notFound(analyticsMessages.notFound);
        for (const r of taken) cleared -= r.count;
        for (const tag of await addToItemTotals(trx, counters, taken)) tags.add(tag);
        await deleteRange(trx, id, startDate, endDate);
        for (const itemCounter of counters.values())
          await itemCounter.clearDays?.(trx, id, { startDate, endDate });
      }),
    );
    for (const tag of tags) cache.invalidate(tag);
    return { cleared };
  }

  return { dashboard, clear };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
