import type { AppDb } from '../../platform/db/database.js';
import type { ItemCounter, TotalsChange } from '../../platform/item-counter.js';
import type { RollupRow } from './analytics.repository.js';

/** Each counted entity's counter (its feature's own), by event entity; composed in features.ts. */
export type ItemCounters = ReadonlyMap<string, ItemCounter>;

/**
 * Adds the rows' counts (negative on a clear) to their items' totals through each entity's counter, an
 * item's rows summed first (several days of one item make one change), and answers the cache tags the
 * counters ask to invalidate once the transaction commits. Rows of an entity without a counter are left
 * out. Call it inside the transaction that changed the day rows.
 */
export async function addToItemTotals(
  db: AppDb,
  counters: ItemCounters,
  rows: readonly Pick<RollupRow, 'entity' | 'entity_id' | 'kind' | 'count'>[],
): Promise<string[]> {
  const byEntity = new Map<string, Map<string, TotalsChange>>();
  for (const row of rows) {
    if (!counters.has(row.entity)) continue;
    let items = byEntity.get(row.entity);
    if (!items) byEntity.set(row.entity, (items = new Map()));
    let item = items.get(row.entity_id);
    if (!item) items.set(row.entity_id, (item = { id: row.entity_id, view: 0, click: 0 }));
    item[row.kind] += row.count;
  }
  const tags: string[] = [];
  for (const [entity, items] of byEntity)
    tags.push(...(await counters.get(entity)!.addTotals(db, [...items.values()])));
  return tags;
}

/** Hands each counted day to its entity's counter when the feature keeps per-day counts of its own. */
export async function addItemDays(db: AppDb, counters: ItemCounters, rows: readonly RollupRow[]) {
  const byEntity = new Map<string, RollupRow[]>();
  for (const row of rows) {
    if (!counters.get(row.entity)?.addDays) continue;
    const list = byEntity.get(row.entity);
    if (list) list.push(row);
    else byEntity.set(row.entity, [row]);
  }
  for (const [entity, list] of byEntity)
    await counters.get(entity)!.addDays!(
      db,
      list.map((r) => ({ id: r.entity_id, day: r.day, kind: r.kind, count: r.count })),
    );
}
