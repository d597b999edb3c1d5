import type { AppDb } from '../db/database.js';
import { sql } from 'kysely';

export interface RateLimitHitsTables {
  rate_limit_hits: { route: string; client: string; window_start: number; hits: number };
}

declare module '../db/database.js' {
  interface AppTables extends RateLimitHitsTables {}
}

type Db = AppDb;

export interface WindowCount {
  hits: number;
  windowStart: number;
}

/**
 * Counts one request of `client` on `route` in one statement, so concurrent processes never lose a hit:
 * a window that ended before `now` starts again at `now` with this request.
 */
export async function countHit(
  db: Db,
  route: string,
  client: string,
  now: number,
  windowMs: number,
): Promise<WindowCount> {
  const ended = sql<boolean>`rate_limit_hits.window_start <= ${now - windowMs}`;
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ route, client, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['route', 'client']).doUpdateSet({
        // Both right-hand sides read the row as it was, in SQLite and PostgreSQL alike.
        hits: sql`CASE WHEN ${ended} THEN 1 ELSE rate_limit_hits.hits + 1 END`,
        window_start: sql`CASE WHEN ${ended} THEN excluded.window_start ELSE rate_limit_hits.window_start END`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowStart: Number(row.window_start) };
}

/** Removes the route's windows that ended before `now`: they count for nobody. */
export async function forgetEndedWindows(
  db: Db,
  route: string,
  now: number,
  windowMs: number,
): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('route', '=', route)
    .where('window_start', '<=', now - windowMs)
    .execute();
}
