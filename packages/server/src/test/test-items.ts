import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * A stand-in feature table with its own view and click totals, counted as `reel` events: the event
 * counter's tests count into it without making real reels (uploads).
 */
const testItems = {
  entity: 'reel',
  table: 'test_items',
  idColumn: 'id',
  viewColumn: 'views',
  clickColumn: 'clicks',
  tag: 'test',
  itemsTag: 'test-items',
};

/** Makes the table with these items, and registers it as a feature registers its items. */
export async function addTestItems(app: FastifyInstance, ids: readonly string[]): Promise<void> {
  const { db } = app.streamdesk.context;
  await sql`CREATE TABLE test_items (id text PRIMARY KEY, views integer NOT NULL DEFAULT 0, clicks integer NOT NULL DEFAULT 0)`.execute(
    db,
  );
  for (const id of ids) await sql`INSERT INTO test_items (id) VALUES (${id})`.execute(db);
  countTestItems(app);
}

/** Registers the table in another server process on the same database (its own counter registry). */
export function countTestItems(app: FastifyInstance): void {
  app.streamdesk.context.counters.add(testItems);
}

/** An item's own totals. */
export async function testItemTotals(app: FastifyInstance, id: string) {
  const { rows } = await sql<{
    views: number;
    clicks: number;
  }>`SELECT views, clicks FROM test_items WHERE id = ${id}`.execute(app.streamdesk.context.db);
  return rows[0];
}
