import type { AnyDb } from '../../platform/db/database.js';
import type { CounterRegistry, TotalsChange } from '../../platform/registries.js';
import type { RollupRow } from './analytics.repository.js';

/**
 * Runs the `onTotals` hooks of the entities whose totals the rows changed (each hook gets its items'
 * view and click sums) and returns the cache tags they ask to invalidate. Call it inside the transaction
 * that changed the totals, after the change, and invalidate the tags once it commits.
 */
export async function runTotalsHooks(
  db: AnyDb,
  counters: CounterRegistry,
  rows: readonly Pick<RollupRow, 'entity' | 'entity_id' | 'kind' | 'count'>[],
): Promise<string[]> {
  const byEntity = new Map<string, Map<string, TotalsChange>>();
  for (const row of rows) {
    if (!counters.targets.get(row.entity)?.onTotals) continue;
    let items = byEntity.get(row.entity);
    if (!items) byEntity.set(row.entity, (items = new Map()));
    let item = items.get(row.entity_id);
    if (!item) items.set(row.entity_id, (item = { id: row.entity_id, view: 0, click: 0 }));
    item[row.kind] += row.count;
  }
  const tags: string[] = [];
  for (const [entity, items] of byEntity)
    tags.push(...((await counters.targets.get(entity)?.onTotals?.(db, [...items.values()])) ?? []));
  return tags;
}
