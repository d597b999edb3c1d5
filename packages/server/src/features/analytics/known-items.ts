import type { AppEvent, DropReason } from '@streamdesk/contract/analytics';
import type { AppCache } from '../../platform/app-cache.js';
import type { RollupRow } from './analytics.repository.js';
import type { ItemCounters } from './item-totals.js';
import type { AppDb } from '../../platform/db/database.js';

/** An entity's items as the counter knows them: every id, and those that take no heartbeats. */
interface KnownIds {
  ids: Set<string>;
  inactive: Set<string>;
}

/**
 * The items of each counted entity, read through its feature's counter on the first event for it and
 * kept until the feature invalidates its counter's `itemsTag` (a write that adds or removes items, or
 * switches one off): an event for no item of its entity is dropped, and a heartbeat for an inactive one.
 */
export class KnownItems {
  private readonly known = new Map<string, Promise<KnownIds>>();

  constructor(
    private readonly db: AppDb,
    private readonly counters: ItemCounters,
    cache: AppCache,
  ) {
    cache.onInvalidate((tag) => {
      for (const [entity, counter] of counters) if (counter.itemsTag === tag) this.known.delete(entity);
    });
  }

  /** The known ids of an entity with a counter (undefined without one). */
  private ids(entity: string): Promise<KnownIds> | undefined {
    const counter = this.counters.get(entity);
    if (!counter) return undefined;
    let ids = this.known.get(entity);
    if (!ids) {
      ids = counter.items(this.db).then((list) => ({
        ids: new Set(list.map((item) => item.id)),
        inactive: new Set(list.filter((item) => !item.active).map((item) => item.id)),
      }));
      ids.catch(() => this.known.delete(entity));
      this.known.set(entity, ids);
    }
    return ids;
  }

  /**
   * Reads the known ids of the entities of `events` (each once), and answers why an event of an age the
   * counter takes is dropped, if it is: for no item of its entity (`unknownId`), or a heartbeat for an item
   * that is switched off (`inactive`). One wait a batch, not one an event (a batch is up to 500).
   */
  async dropReasons(events: readonly AppEvent[]): Promise<(event: AppEvent) => DropReason | undefined> {
    const entities = [...new Set(events.map((event) => event.entity))];
    const known = new Map(
      await Promise.all(entities.map(async (entity) => [entity, await this.ids(entity)] as const)),
    );
    return (event) => {
      const ids = known.get(event.entity);
      if (!ids?.ids.has(event.id)) return 'unknownId';
      if (event.type === 'heartbeat' && ids.inactive.has(event.id)) return 'inactive';
      return undefined;
    };
  }

  /** Forgets an entity's known ids: a delete of its items is under way (read again on the next need). */
  forget(entity: string): void {
    this.known.delete(entity);
  }

  /**
   * Drops the counts of items deleted since they were counted: the delete removed the item's counted days
   * (the feature's ForgetCounts), and writing these would bring some back for an item no longer there. The
   * delete forgot the entity's known ids, so they are read again (a peer's delete once it is heard of).
   * With `fresh` (a flush's transaction) the ids are read there rather than from what is known.
   */
  async dropDeleted(counts: Map<string, RollupRow>[], fresh?: AppDb): Promise<void> {
    const known = new Map<string, Set<string>>();
    for (const rows of counts)
      for (const [key, row] of rows) {
        let ids = known.get(row.entity);
        if (!ids) {
          const counter = this.counters.get(row.entity);
          if (!counter) continue;
          ids = fresh
            ? new Set((await counter.items(fresh)).map((item) => item.id))
            : (await this.ids(row.entity)!).ids;
          known.set(row.entity, ids);
        }
        if (!ids.has(row.entity_id)) rows.delete(key);
      }
  }
}
