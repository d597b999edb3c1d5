import { sql, SqliteAdapter, type Expression, type Kysely, type Migration, type SqlBool } from 'kysely';
import type { SearchIndex } from './search-index.js';

/**
 * PostgreSQL: one column holding a searched table's searched columns folded (`lower()`, as ILIKE folds
 * them) and joined by FOLD_SEPARATOR, kept by a trigger, with the trigram index
 * (docs/decisions/0048-search-indexes.md, "One folded column"). A search then asks one GIN index and
 * checks each row it finds with one LIKE of a text already folded, where the columns' own indexes were
 * combined (BitmapOr) and each row was checked by one ILIKE a column, each folding the row and the text
 * again. SQLite answers through its FTS5 table (search-index.ts) and has no such column.
 */
export const FOLDED = 'search_folded';

/**
 * Between two columns' texts. A search whose text holds it cannot be told apart from one spanning two
 * columns, so it is answered column by column (foldedContains answers undefined).
 */
export const FOLD_SEPARATOR = '\n';

/** The folded text of the row `row` (`new` in the trigger; none for the table's own columns). */
const foldedOf = (index: SearchIndex, row?: string) =>
  sql.join(
    index.columns.map((c) => sql`lower(coalesce(${sql.ref(row ? `${row}.${c}` : c)}, ''))`),
    // A literal, not a parameter: the trigger's body is DDL, which takes none.
    sql` || ${sql.lit(FOLD_SEPARATOR)} || `,
  );

/**
 * The rows whose folded column contains `text` (as `col ILIKE '%text%'` of any searched column would:
 * ILIKE on a UTF-8 database compares `lower()` of the column and of the pattern), or undefined where the
 * index has no folded column or the text holds the separator.
 */
export function foldedContains(index: SearchIndex, text: string): Expression<SqlBool> | undefined {
  if (!index.folded || text.includes(FOLD_SEPARATOR)) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${sql.ref(FOLDED)} LIKE lower(${pattern}) ESCAPE '\\'`;
}

/** The rows whose folded column holds `text` literally: a led search's check of the whole text. */
export function foldedHolds(index: SearchIndex, text: string): Expression<SqlBool> | undefined {
  if (!index.folded || text.includes(FOLD_SEPARATOR)) return undefined;
  return sql<SqlBool>`strpos(${sql.ref(FOLDED)}, lower(${text})) > 0`;
}

/**
 * PostgreSQL: adds the folded column to `index.table`, its trigger, fills it for the rows already there
 * and makes its trigram index, then drops the columns' own trigram indexes (searchIndexMigration's), which
 * no search asks any more. The trigger runs before every insert (a row restored from the trash brings its
 * old folded text: it is folded again) and every update of a searched column. SQLite: nothing.
 */
export const foldedSearchMigration = (index: SearchIndex): Migration => ({
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof SqliteAdapter) return;
    const table = sql.table(index.table);
    const fold = sql.raw(`${index.table}_${FOLDED}`);
    await sql`ALTER TABLE ${table} ADD COLUMN ${sql.ref(FOLDED)} text NOT NULL DEFAULT ''`.execute(db);
    await sql`CREATE FUNCTION ${fold}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.${sql.raw(FOLDED)} := ${foldedOf(index, 'new')}; RETURN NEW; END $$`.execute(db);
    const columns = sql.join(index.columns.map((c) => sql.ref(c)));
    await sql`CREATE TRIGGER ${fold} BEFORE INSERT OR UPDATE OF ${columns} ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${fold}()`.execute(db);
    await sql`UPDATE ${table} SET ${sql.ref(FOLDED)} = ${foldedOf(index)}`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${index.table}_${FOLDED}_trgm`)} ON ${table}
      USING gin (${sql.ref(FOLDED)} gin_trgm_ops)`.execute(db);
    for (const column of index.columns)
      await sql`DROP INDEX IF EXISTS ${sql.raw(`${index.table}_${column}_trgm`)}`.execute(db);
  },
});
