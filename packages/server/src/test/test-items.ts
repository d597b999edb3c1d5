import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { addToTotalColumns, type ItemCounter } from '../platform/item-counter.js';

/**
 * A stand-in feature table with its own view and click totals, counted as `reel` events: the event
 * counter's tests count into it without making real reels (uploads).
 */
const testItems: ItemCounter = {
  itemsTag: 'test-items',
  async items(db, ids) {
    const { rows } = await sql<{ id: string }>`SELECT id FROM test_items`.execute(db);
    return rows.filter(({ id }) => ids.includes(id)).map(({ id }) => ({ id, active: true }));
  },
  async addTotals(db, changes) {
    await addToTotalColumns(db, { table: 'test_items', id: 'id', view: 'views', click: 'clicks' }, changes);
    return ['test'];
  },
};

/** Makes the table with these items, and counts `reel` events into it in place of the reels'. */
export async function addTestItems(app: FastifyInstance, ids: readonly string[]): Promise<void> {
  const { db } = app.streamdesk.context;
  await sql`CREATE TABLE test_items (id text PRIMARY KEY, views integer NOT NULL DEFAULT 0, clicks integer NOT NULL DEFAULT 0)`.execute(
    db,
  );
  for (const id of ids) await sql`INSERT INTO test_items (id) VALUES (${id})`.execute(db);
  countTestItems(app);
}

/** Counts `reel` events into the table in another server process on the same database (its own counters). */
export function countTestItems(app: FastifyInstance): void {
  app.streamdesk.analytics.counters.set('reel', testItems);
}

/** An item's own totals. */
export async function testItemTotals(app: FastifyInstance, id: string) {
  const { rows } = await sql<{
    views: number;
    clicks: number;
  }>`SELECT views, clicks FROM test_items WHERE id = ${id}`.execute(app.streamdesk.context.db);
  return rows[0];
}
