import { sql, SqliteAdapter, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import { countsToBigint } from '../../platform/db/bigint-counters.js';

/** The rollup table as 1100 made it: per-day counts per item and kind, keyed by item first. */
const rollupTable = (db: Kysely<unknown>, name: string): CreateTableBuilder<string, never> =>
  db.schema
    .createTable(name)
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${name}_pk`, ['entity_id', 'day', 'kind', 'entity']);

export const analyticsMigrations: Record<string, Migration> = {
  '1100_analytics_event_rollups': {
    async up(db: Kysely<unknown>) {
      // Raw events are never stored: only per-day counts per item and kind.
      await rollupTable(db, 'event_rollups').execute();
    },
  },
  '1101_analytics_rollups_clustered': {
    /**
     * SQLite only: the rollups become a WITHOUT ROWID table, stored in key order, so one item's days are
     * one contiguous range. The dashboard reads up to a year of one item (730 rows): with a rowid table
     * each row was a lookup from the key index into rows written day by day for every item, about 20%
     * slower (bench:app's analytics query was at 0.95-1.0 ms against a 1 ms target). PostgreSQL keeps its
     * table and key index.
     */
    async up(db: Kysely<unknown>) {
      if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
      await rollupTable(db, 'event_rollups_clustered')
        .modifyEnd(sql`without rowid`)
        .execute();
      await sql`INSERT INTO event_rollups_clustered (entity_id, day, kind, entity, count)
        SELECT entity_id, day, kind, entity, count FROM event_rollups`.execute(db);
      await db.schema.dropTable('event_rollups').execute();
      await db.schema.alterTable('event_rollups_clustered').renameTo('event_rollups').execute();
    },
  },
  '1102_analytics_counts_bigint': countsToBigint({ event_rollups: ['count'] }),
  '1103_analytics_live_viewers': {
    async up(db: Kysely<unknown>) {
      // Each app client's latest heartbeat (ms since 1970), overall (match_id '') and per live match,
      // written by every server process so the live viewer count covers all of them.
      await db.schema
        .createTable('live_viewers')
        .addColumn('match_id', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('last_seen', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('live_viewers_pk', ['match_id', 'client_id'])
        .execute();
    },
  },
  '1104_analytics_event_batches': {
    /**
     * The app's batch ids counted within the window (EVENT_BATCH_WINDOW_MINUTES), with when they were
     * received (ms since 1970): a batch sent again is counted once, whichever process gets it. An id is
     * inserted in the same transaction as its counts. SQLite keeps it WITHOUT ROWID, so the key is the
     * table and an insert writes it and the time index only.
     */
    async up(db: Kysely<unknown>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema
        .createTable('event_batches')
        .addColumn('batch_id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
        .execute();
      // Ids past the window are deleted oldest first, a bounded chunk at a time.
      await db.schema
        .createIndex('event_batches_received_at')
        .on('event_batches')
        .column('received_at')
        .execute();
    },
  },
  '1105_analytics_event_journals': {
    /**
     * Per event journal (one per server process start, event-journal.ts), the last of its files whose
     * counts a flush committed, written in that flush's transaction: at start-up a file left by a crash
     * is counted again only when its counts are not in.
     */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('event_journals')
        .addColumn('journal', 'text', (c) => c.notNull().primaryKey())
        .addColumn('applied_seq', 'integer', (c) => c.notNull())
        .execute();
    },
  },
};
