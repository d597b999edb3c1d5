import { sql, SqliteAdapter, type Expression, type Kysely, type Migration, type SqlBool } from 'kysely';
import { GIN_STORAGE, type SearchIndex } from './search-index.js';
import { TRIGRAM } from './search-lead.js';

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

/**
 * PostgreSQL's SQL function that writes each character other than a letter, a digit or a space as `q`.
 * pg_trgm takes only letters and digits into its trigrams: `1.mp4` was asked of the index as `1` and
 * `mp4`, which every video's file name holds, so its index read found every row (1,006,000 at a million
 * videos) and checked each (0.48 s; 0.23-0.56 s a read in a category of 50,000 none of which holds it).
 * Through this function `1.mp4` is `1qmp4`, whose trigram `1qm` only the file names ending in `1.mp4`
 * hold. The same function writes the column and the text, one character for one, so a row that holds the
 * text holds it in this form too; a row it finds by mistake (`1-mp4`) fails the check of the text itself.
 */
export const GRAMS = 'search_grams';

/** Letters, digits and spaces: a text of only these is searched through the folded column's own index. */
const WORDS_ONLY = /^[\p{L}\p{N}\s]*$/u;

/**
 * The rows whose folded column contains `text`, through the index of its punctuation written as letters
 * (GRAMS), each checked for the text by `strpos` (which no index answers, so the planner does not also
 * read the folded column's own index for it: 80 ms for `1.mp4`'s million entries); undefined where the
 * text is letters, digits and spaces only (the folded column's index answers it as well), is shorter than
 * a trigram, or foldedContains would answer undefined.
 */
export function gramsContains(index: SearchIndex, text: string): Expression<SqlBool> | undefined {
  // A text shorter than a trigram has none for the index to look up: GRAMS would only be computed for
  // every row the scan reads (`#1` in the activity log: 14.7 s at a million entries, 0065), where the
  // folded column's own LIKE checks them as they are.
  if (WORDS_ONLY.test(text) || [...text].length < TRIGRAM) return undefined;
  const holds = foldedHolds(index, text);
  if (!holds) return undefined;
  const grams = sql.raw(GRAMS);
  return sql<SqlBool>`(${grams}(${sql.ref(FOLDED)}) LIKE '%' || ${grams}(lower(${text})) || '%' AND ${holds})`;
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
      USING gin (${sql.ref(FOLDED)} gin_trgm_ops) WITH (${GIN_STORAGE})`.execute(db);
    for (const column of index.columns)
      await sql`DROP INDEX IF EXISTS ${sql.raw(`${index.table}_${column}_trgm`)}`.execute(db);
  },
});

/**
 * PostgreSQL: GRAMS and the trigram index of `index.table`'s folded column through it, beside the folded
 * column's own (a search of letters, digits and spaces keeps that one: checking each row it finds through
 * GRAMS would cost ~0.65 µs more a row, 72 ms for `Video 1`'s 111,111). SQLite: nothing (FTS5's trigrams
 * hold every character).
 */
export const searchGramsMigration = (index: SearchIndex): Migration => ({
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof SqliteAdapter) return;
    await sql`CREATE OR REPLACE FUNCTION ${sql.raw(GRAMS)}(t text) RETURNS text LANGUAGE sql IMMUTABLE
      PARALLEL SAFE RETURN regexp_replace(t, '[^[:alnum:][:space:]]', 'q', 'g')`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${index.table}_${GRAMS}_trgm`)} ON ${sql.table(index.table)}
      USING gin (${sql.raw(GRAMS)}(${sql.ref(FOLDED)}) gin_trgm_ops) WITH (${GIN_STORAGE})`.execute(db);
  },
});
