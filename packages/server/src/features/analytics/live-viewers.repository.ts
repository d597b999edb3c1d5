import type { AppDb } from '../../platform/db/database.js';
import { sql } from 'kysely';

export interface LiveViewersTables {
  live_viewers: { match_id: string; client_id: string; last_seen: number };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends LiveViewersTables {}
}

type Db = AppDb;

export interface SeenRow {
  match_id: string;
  client_id: string;
  last_seen: number;
}

/** Stores each client's latest heartbeat time; an older one (from a slower process) never wins. */
export async function writeSeen(db: Db, rows: readonly SeenRow[]): Promise<void> {
  // Chunked so a large write stays under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('live_viewers')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['match_id', 'client_id']).doUpdateSet({
          last_seen: sql`CASE WHEN excluded.last_seen > live_viewers.last_seen THEN excluded.last_seen ELSE live_viewers.last_seen END`,
        }),
      )
      .execute();
  }
}

export async function countSeenSince(db: Db, matchId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('live_viewers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('match_id', '=', matchId)
    .where('last_seen', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Per live match (the overall rows left out), the clients seen since `since`; matches with none are absent. */
export async function countSeenByMatch(db: Db, since: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('live_viewers')
    .select(['match_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('match_id', '<>', '')
    .where('last_seen', '>', since)
    .groupBy('match_id')
    .execute();
  return new Map(rows.map((r) => [r.match_id, Number(r.n)]));
}

export async function forgetSeenBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('live_viewers').where('last_seen', '<', before).execute();
}
