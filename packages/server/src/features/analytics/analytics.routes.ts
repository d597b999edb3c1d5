import path from 'node:path';
import { analyticsMessages, analyticsRoutes, type EventEntity } from '@streamdesk/contract/analytics';
import type { AppDb } from '../../platform/db/database.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import type { ItemCounter } from '../../platform/item-counter.js';
import { createAnalyticsService } from './analytics.service.js';
import { deleteCountsOf } from './analytics.repository.js';
import { EventCounter } from './event-counter.js';
import { EventJournal } from './event-journal.js';
import { LiveViewerTracker, SharedLiveViewers } from './live-viewers.js';
import { scheduleOrphanSweep, sweepOrphanCounts } from './orphan-counts.js';
import { createDayOf } from './report-day.js';

/**
 * App events in, analytics out; provides the live viewer count to the system stats. `counters` are the
 * counted features' own counters, one per event entity: events are counted into their items through them.
 */
export function registerAnalytics(ctx: FeatureContext, deps: { counters: Record<EventEntity, ItemCounter> }) {
  const db = ctx.db;
  // A map rather than the record so a test can count into a stand-in table (test/test-items.ts).
  const counters = new Map<string, ItemCounter>(Object.entries(deps.counters));
  const viewers = new SharedLiveViewers(ctx.db, new LiveViewerTracker(), ctx.app.log);
  const counter = new EventCounter(
    db,
    counters,
    ctx.cache,
    viewers.tracker,
    createDayOf(ctx.config.reportTimeZone),
    ctx.app.log,
    ctx.config.eventBatchWindowMs,
    new EventJournal(path.join(ctx.config.dataDir, 'event-journal')),
  );
  const analytics = createAnalyticsService({ db, readDb: ctx.readDb, counters, cache: ctx.cache, counter });
  ctx.liveViewers.provide({ count: () => viewers.count(), perMatch: () => viewers.perMatch() });
  /**
   * Removes the counted days of these items of `entity`, which their feature deletes, in the delete's
   * transaction (`trx`). Without it the days stayed for good, the dashboard of a deleted item still
   * answered, and the table grew with every delete.
   */
  const forget = async (trx: AppDb, entity: EventEntity, ids: readonly string[]) => {
    if (!ids.length) return;
    // Before the delete commits: a flush from then on reads the entity's ids again, not the ones known.
    counter.forgetItems(entity);
    await deleteCountsOf(trx, ids, { entity });
  };
  // Before the server takes requests: what a crashed process acknowledged and did not write.
  ctx.app.addHook('onReady', async () => {
    const replayed = await counter.replay();
    if (replayed)
      ctx.app.log.warn(`counted ${replayed} event batches again from the journal of a stopped server`);
  });
  counter.start();
  viewers.start();
  const sweepOrphans = () => sweepOrphanCounts(db, counters.values(), ctx.readDb);
  const stopSweeping = scheduleOrphanSweep(sweepOrphans, ctx.app.log);
  // preClose writes what was counted before the server stops taking requests; onClose, once the server
  // has finished the requests in flight and before the database closes (app.ts), writes what they added.
  ctx.app.addHook('preClose', async () => {
    stopSweeping();
    await Promise.all([counter.stop(), viewers.stop()]);
  });
  ctx.app.addHook('onClose', async () => {
    await Promise.all([counter.close(), viewers.write()]);
  });

  registerRoute(
    ctx.app,
    analyticsRoutes.events,
    async (request) => ({
      status: true,
      message: analyticsMessages.counted,
      ...(await counter.ingest(request.body)),
    }),
    {
      bodyLimit: 256 * 1024,
      ...(ctx.config.eventsRateLimit > 0
        ? { rateLimit: { max: ctx.config.eventsRateLimit, timeWindow: '1 minute' } }
        : {}),
    },
  );

  registerRoute(ctx.app, analyticsRoutes.dashboard, async (request) =>
    analytics.dashboard(request.params.id, request.query.startDate, request.query.endDate),
  );

  registerRoute(ctx.app, analyticsRoutes.clear, async (request) => {
    const { cleared } = await analytics.clear(
      request.params.id,
      request.query.startDate,
      request.query.endDate,
    );
    return { status: true, message: cleared ? analyticsMessages.cleared : analyticsMessages.nothingToClear };
  });

  return { analytics, counter, counters, forget, viewers, sweepOrphans };
}
