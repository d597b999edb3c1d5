import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';

/**
 * The number of videos per category and web flag, kept by triggers in the transaction of every write of
 * `videos` (upload, web toggle, delete, a category's delete, a trash restore, a row written by hand), so
 * that a list's total is a sum of at most two rows a category instead of a count of every matching video
 * (110-180 ms at a million, again after each write: issue 39). SQLite's triggers run per row in the
 * writing statement; PostgreSQL's run once per statement over its changed rows (transition tables), so a
 * category's delete of 50,000 videos updates two counter rows once, in a fixed order (no deadlock between
 * two such writes).
 */
export const videoCountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('video_counts')
      .addColumn('category_id', 'text', (c) => c.notNull())
      .addColumn('web', 'integer', (c) => c.notNull())
      .addColumn('n', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('video_counts_pk', ['category_id', 'web'])
      .execute();
    await sql`INSERT INTO video_counts (category_id, web, n)
      SELECT category_id, web, count(*) FROM videos GROUP BY category_id, web`.execute(db);
    if (db.getExecutor().adapter instanceof SqliteAdapter) await sqliteTriggers(db);
    else await postgresTriggers(db);
  },
};

async function sqliteTriggers(db: Kysely<unknown>) {
  const add = (row: 'NEW') =>
    sql`INSERT INTO video_counts (category_id, web, n) VALUES (${sql.raw(row)}.category_id, ${sql.raw(row)}.web, 1)
      ON CONFLICT (category_id, web) DO UPDATE SET n = n + 1;`;
  const take = sql`UPDATE video_counts SET n = n - 1 WHERE category_id = OLD.category_id AND web = OLD.web;`;
  await sql`CREATE TRIGGER videos_counted_insert AFTER INSERT ON videos BEGIN ${add('NEW')} END`.execute(db);
  await sql`CREATE TRIGGER videos_counted_delete AFTER DELETE ON videos BEGIN ${take} END`.execute(db);
  await sql`CREATE TRIGGER videos_counted_update AFTER UPDATE OF category_id, web ON videos
    WHEN OLD.category_id <> NEW.category_id OR OLD.web <> NEW.web
    BEGIN ${take} ${add('NEW')} END`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  // `added` and `removed` are the statement's transition tables; an update has both.
  const upsert = (rows: string) =>
    `INSERT INTO video_counts (category_id, web, n)
       SELECT category_id, web, sum(d) FROM (${rows}) AS changed GROUP BY category_id, web
       HAVING sum(d) <> 0 ORDER BY category_id, web
     ON CONFLICT (category_id, web) DO UPDATE SET n = video_counts.n + excluded.n;`;
  const added = 'SELECT category_id, web, 1 AS d FROM added';
  const removed = 'SELECT category_id, web, -1 AS d FROM removed';
  await sql
    .raw(
      `CREATE FUNCTION videos_counted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${upsert(added)}
        ELSIF TG_OP = 'DELETE' THEN ${upsert(removed)}
        ELSE ${upsert(`${added} UNION ALL ${removed}`)}
        END IF;
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  const trigger = (name: string, event: string, tables: string) =>
    sql
      .raw(
        `CREATE TRIGGER ${name} AFTER ${event} ON videos REFERENCING ${tables}
         FOR EACH STATEMENT EXECUTE FUNCTION videos_counted()`,
      )
      .execute(db);
  await trigger('videos_counted_insert', 'INSERT', 'NEW TABLE AS added');
  await trigger('videos_counted_delete', 'DELETE', 'OLD TABLE AS removed');
  await trigger('videos_counted_update', 'UPDATE', 'OLD TABLE AS removed NEW TABLE AS added');
}
