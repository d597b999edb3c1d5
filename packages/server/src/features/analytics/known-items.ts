import type { AppEvent, DropReason } from '@streamdesk/contract/analytics';
import type { AppCache } from '../../platform/app-cache.js';
import type { RollupRow } from './analytics.repository.js';
import type { ItemCounter } from '../../platform/item-counter.js';
import type { ItemCounters } from './item-totals.js';
import type { AppDb } from '../../platform/db/database.js';

/** What the counter last read of one id: an item that takes heartbeats, one switched off, or no item. */
type IdState = 'active' | 'inactive' | 'unknown';

/**
 * The ids one entity's map holds at most before it starts again: what an app counts in a day is far less
 * than a library of a million videos, and a map that grew with every id ever seen would be the whole table
 * again (about 100 bytes an id).
 */
const MAX_KNOWN = 100_000;

/** Ids a counter is asked about in one statement (SQLite takes 32,766 parameters, PostgreSQL 65,535). */
const IDS_PER_READ = 500;

/**
 * The ids each counted entity's events named, as its feature's counter answered for them: read for a
 * batch's ids it does not know yet (a primary-key read of those), and kept until the feature invalidates
 * its counter's `itemsTag` (a write that adds or removes items, or switches one off). An event for no item
 * of its entity is dropped, and a heartbeat for an inactive one.
 *
 * It reads the ids it is asked, never every id of a table: at a million videos that read took 400 ms on
 * PostgreSQL, its million strings paused the server's collector for 38-55 ms three times in a second, and
 * every write of a video (a rename, a web switch) made the next events batch read it again (0095).
 */
export class KnownItems {
  private readonly known = new Map<string, Map<string, IdState>>();

  constructor(
    private readonly db: AppDb,
    private readonly counters: ItemCounters,
    cache: AppCache,
  ) {
    cache.onInvalidate((tag) => {
      for (const [entity, counter] of counters) if (counter.itemsTag === tag) this.known.delete(entity);
    });
  }

  /**
   * The states of an entity's `ids`, reading those not known through its counter. A read that an
   * invalidation overtakes writes into the map it started with, which is no longer kept.
   */
  private async states(
    entity: string,
    counter: ItemCounter,
    ids: Iterable<string>,
  ): Promise<Map<string, IdState>> {
    let known = this.known.get(entity);
    if (!known || known.size > MAX_KNOWN) {
      known = new Map();
      this.known.set(entity, known);
    }
    const missing = [...new Set(ids)].filter((id) => !known.has(id));
    for (const [id, state] of await readStates(counter, this.db, missing)) known.set(id, state);
    return known;
  }

  /**
   * Reads the states of the ids of `events` the counter does not know yet, and answers why an event of
   * an age the counter takes is dropped, if it is: for no item of its entity (`unknownId`), or a heartbeat
   * for an item that is switched off (`inactive`). One wait a batch, not one an event (a batch is up to 500).
   */
  async dropReasons(events: readonly AppEvent[]): Promise<(event: AppEvent) => DropReason | undefined> {
    // An entity without a counter has no entry: its events name no item.
    const known = new Map<string, Map<string, IdState>>();
    for (const [entity, ids] of idsByEntity(events.map((e) => [e.entity, e.id]))) {
      const counter = this.counters.get(entity);
      if (counter) known.set(entity, await this.states(entity, counter, ids));
    }
    return (event) => {
      const state = known.get(event.entity)?.get(event.id) ?? 'unknown';
      if (state === 'unknown') return 'unknownId';
      if (event.type === 'heartbeat' && state === 'inactive') return 'inactive';
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
    const pairs = counts.flatMap((rows) =>
      [...rows.values()].map((row) => [row.entity, row.entity_id] as const),
    );
    // An entity without a counter has no entry: its rows are kept.
    const known = new Map<string, Map<string, IdState>>();
    for (const [entity, ids] of idsByEntity(pairs)) {
      const counter = this.counters.get(entity);
      if (!counter) continue;
      known.set(
        entity,
        fresh ? await readStates(counter, fresh, [...ids]) : await this.states(entity, counter, ids),
      );
    }
    for (const rows of counts)
      for (const [key, row] of rows) {
        const states = known.get(row.entity);
        if (states && (states.get(row.entity_id) ?? 'unknown') === 'unknown') rows.delete(key);
      }
  }
}

/** The ids of each entity, each once. */
function idsByEntity(pairs: Iterable<readonly [string, string]>): Map<string, Set<string>> {
  const byEntity = new Map<string, Set<string>>();
  for (const [entity, id] of pairs) {
    const ids = byEntity.get(entity);
    if (ids) ids.add(id);
    else byEntity.set(entity, new Set([id]));
  }
  return byEntity;
}

/** What the counter answers for `ids`: each one's state, `unknown` for those that name no item. */
async function readStates(
  counter: ItemCounter,
  db: AppDb,
  ids: readonly string[],
): Promise<Map<string, IdState>> {
  const states = new Map<string, IdState>();
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const chunk = ids.slice(i, i + IDS_PER_READ);
    for (const id of chunk) states.set(id, 'unknown');
    for (const item of await counter.items(db, chunk))
      states.set(item.id, item.active ? 'active' : 'inactive');
  }
  return states;
}
