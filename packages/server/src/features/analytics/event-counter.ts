import type { AppEvent, DropReason, EventsReply } from '@streamdesk/contract/analytics';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppCache } from '../../platform/app-cache.js';
import type { CounterRegistry, CounterTarget } from '../../platform/registries.js';
import {
  addRollups,
  addToTotal,
  listIds,
  type AnalyticsTables,
  type CountKind,
  type RollupRow,
} from './analytics.repository.js';
import type { LiveViewerTracker } from './live-viewers.js';
import { runTotalsHooks } from './totals-hooks.js';

/** Events may be up to this old (a phone that was offline). */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** An entity's items as the counter knows them: every id, and those switched off (`activeScope`). */
interface KnownIds {
  ids: Set<string>;
  inactive: Set<string>;
}

/** Why an event of an age the counter takes is dropped, if it is: `known` is its entity's items. */
function dropReason(event: AppEvent, known: KnownIds | undefined): DropReason | undefined {
  if (!known?.ids.has(event.id)) return 'unknownId';
  if (event.type === 'heartbeat' && known.inactive.has(event.id)) return 'inactive';
  return undefined;
}

/**
 * Counts app events in memory and writes them, at most once a second, in one transaction: per-day
 * rollups and each item's own totals. Raw events are never stored. `stop()` writes what is left, so a
 * clean shutdown loses nothing and a crash loses at most the last second.
 */
export class EventCounter {
  private pending = new Map<string, RollupRow>();
  private readonly knownIds = new Map<string, Promise<KnownIds>>();
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<AnalyticsTables>,
    private readonly counters: CounterRegistry,
    private readonly cache: AppCache,
    private readonly viewers: LiveViewerTracker,
    private readonly dayOf: (ms: number) => string,
    private readonly log: FastifyBaseLogger,
  ) {
    // A write in a feature may add or remove items, or switch one off: forget that feature's known ids.
    cache.onInvalidate((tag) => {
      for (const target of counters.targets.values())
        if (target.tag === tag) this.knownIds.delete(target.entity);
    });
  }

  start(everyMs = 1000): void {
    this.timer = setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  private ids(target: CounterTarget): Promise<KnownIds> {
    let ids = this.knownIds.get(target.entity);
    if (!ids) {
      ids = listIds(this.db, target).then((list) => ({
        ids: new Set(list.map((item) => item.id)),
        inactive: new Set(list.filter((item) => !item.active).map((item) => item.id)),
      }));
      ids.catch(() => this.knownIds.delete(target.entity));
      this.knownIds.set(target.entity, ids);
    }
    return ids;
  }

  /**
   * Counts a batch. A time ahead of the server's (a phone whose clock is fast) counts as received now, on
   * today's day: apps' clocks are often wrong and nothing counted may be lost. Dropped, under the first
   * reason that applies: events more than 7 days old (`tooOld`), for no item of their entity
   * (`unknownId`), and heartbeats for an item that is switched off (`inactive`).
   */
  async ingest(
    events: readonly AppEvent[],
    now = Date.now(),
  ): Promise<Pick<EventsReply, 'accepted' | 'dropped' | 'droppedReasons'>> {
    const droppedReasons: Record<DropReason, number> = { unknownId: 0, tooOld: 0, inactive: 0 };
    let accepted = 0;
    for (const event of events) {
      const at = event.at ? Math.min(Date.parse(event.at), now) : now;
      const target = this.counters.targets.get(event.entity);
      const reason = at < now - MAX_AGE_MS ? 'tooOld' : dropReason(event, target && (await this.ids(target)));
      if (reason) {
        droppedReasons[reason]++;
        continue;
      }
      accepted++;
      if (event.type === 'heartbeat') {
        this.viewers.beat(event.clientId, event.entity === 'liveMatch' ? event.id : undefined, now, at);
        continue;
      }
      const kind: CountKind = event.type;
      const day = this.dayOf(at);
      const key = `${event.entity}\u0000${event.id}\u0000${day}\u0000${kind}`;
      const row = this.pending.get(key);
      if (row) row.count++;
      else this.pending.set(key, { entity: event.entity, entity_id: event.id, day, kind, count: 1 });
    }
    return { accepted, dropped: events.length - accepted, droppedReasons };
  }

  /** Writes what has been counted; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  /**
   * Writes what has been counted, then runs `work` (a clear of counts) before any later flush starts.
   * A flush committed between a clear's read of the day rows and its delete would add to the totals
   * what the delete then removes from the day rows (PostgreSQL's READ COMMITTED lets both run at once).
   * `work` must not wait for a flush itself.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T> {
    const run = this.flushing.then(() => this.write()).then(work);
    this.flushing = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch.values()];
    let hookTags: string[];
    try {
      hookTags = await this.db.transaction().execute(async (trx) => {
        await addRollups(trx, rows);
        for (const row of rows) {
          const target = this.counters.targets.get(row.entity);
          const column = row.kind === 'view' ? target?.viewColumn : target?.clickColumn;
          if (target && column) await addToTotal(trx, target, column, row.entity_id, row.count);
          if (target?.onCount)
            await target.onCount(trx, { id: row.entity_id, day: row.day, kind: row.kind, count: row.count });
        }
        return runTotalsHooks(trx, this.counters, rows);
      });
    } catch (error) {
      // Keep the counts for the next attempt rather than lose them.
      for (const [key, row] of batch) {
        const again = this.pending.get(key);
        if (again) again.count += row.count;
        else this.pending.set(key, row);
      }
      this.log.error({ err: error }, 'writing counted events failed; will retry');
      return;
    }
    const tags = new Set([
      ...rows.map((r) => this.counters.targets.get(r.entity)?.tag).filter((t): t is string => !!t),
      ...hookTags,
    ]);
    for (const tag of tags) this.cache.invalidate(tag);
  }
}
