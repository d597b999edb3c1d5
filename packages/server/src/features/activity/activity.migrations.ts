import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';
import { newestFirstIndexes } from '../../platform/db/newest-first-indexes.js';
import { foldedSearchMigration, searchGramsMigration } from '../../platform/db/search-folded.js';
import {
  createSearchTable,
  foldedColumns,
  searchTable,
  type SearchIndex,
} from '../../platform/db/search-index.js';

/**
 * What the Activity list's `q` searches through an index (docs/decisions/0065-activity-search-index.md):
 * the label, the person's name and the changes (JSON text), case folded. `item_id` equal to the text is
 * matched beside it (activity.repository.ts), as before.
 */
export const activitySearch: SearchIndex = {
  table: 'activity_log',
  columns: ['label', 'person_name', 'changes'],
  folded: true,
};

/**
 * SQLite: the entries written since the index was last brought up to date (their rowids). An insert adds
 * its rowid here (one small B-tree insert) instead of writing the FTS5 index in the write's transaction
 * (a new FTS5 segment a commit: 18-30 % of a story edit); indexPendingEntries moves them into the index
 * in batches, before every search and every few seconds (0065).
 */
export const ACTIVITY_PENDING = 'activity_log_search_pending';

/**
 * The Activity search index. SQLite: the FTS5 table of search-index.ts (contentless, trigram, the columns
 * folded by unicode_lower), written from ACTIVITY_PENDING rather than by an insert trigger; a delete (the
 * retention purge) and an update of a searched column (none today: the log is append-only) take the
 * entry out of the index at once. PostgreSQL: the folded column and its two trigram indexes
 * (search-folded.ts), kept in the write's transaction (GIN's pending list makes an insert cheap: 0065).
 */
const activitySearchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      await foldedSearchMigration(activitySearch).up(db);
      await searchGramsMigration(activitySearch).up(db);
      return;
    }
    const fts = sql.table(searchTable(activitySearch));
    const pending = sql.table(ACTIVITY_PENDING);
    const columns = sql.join(activitySearch.columns.map((c) => sql.ref(c)));
    const trigger = (suffix: string) => sql.raw(`${searchTable(activitySearch)}_${suffix}`);
    await createSearchTable(db, activitySearch);
    await sql`CREATE TABLE ${pending} (entry INTEGER PRIMARY KEY)`.execute(db);
    await sql`CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON activity_log
      BEGIN INSERT INTO ${pending}(entry) VALUES (new.rowid); END`.execute(db);
    await sql`CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON activity_log
      BEGIN DELETE FROM ${fts} WHERE rowid = old.rowid; DELETE FROM ${pending} WHERE entry = old.rowid; END`.execute(
      db,
    );
    await sql`CREATE TRIGGER ${trigger('update')} AFTER UPDATE OF ${columns} ON activity_log
      BEGIN DELETE FROM ${fts} WHERE rowid = old.rowid; INSERT OR IGNORE INTO ${pending}(entry) VALUES (new.rowid); END`.execute(
      db,
    );
    await sql`INSERT INTO ${fts}(rowid, ${columns}) SELECT rowid, ${foldedColumns(activitySearch.columns)} FROM activity_log`.execute(
      db,
    );
  },
};

/**
 * The activity log (docs/decisions/0028-activity-log.md). No foreign key to admins: an entry outlives
 * what it names, and a failed sign-in may name nobody. `changes` is JSON text ([{ field, before, after }]).
 * Each index ends in (created_at, id), the screen's order, after the column a filter fixes.
 */
export const activityMigrations: Record<string, Migration> = {
  '1500_activity_log': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('activity_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text')
        .addColumn('person_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('role', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('feature', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await newestFirstIndexes([
        { name: 'activity_log_newest', table: 'activity_log' },
        { name: 'activity_log_person', table: 'activity_log', leading: ['person_id'] },
        { name: 'activity_log_item', table: 'activity_log', leading: ['item_id'] },
        { name: 'activity_log_feature', table: 'activity_log', leading: ['feature', 'action'] },
        { name: 'activity_log_action', table: 'activity_log', leading: ['action'] },
      ]).up(db);
    },
  },
  '1510_activity_log_search': activitySearchMigration,
};
