import { sql, SqliteAdapter, type Expression, type Kysely, type Migration, type SqlBool } from 'kysely';
import { FOLDED, FOLD_SEPARATOR, foldedHolds } from './search-folded.js';
import { GIN_STORAGE, type SearchIndex } from './search-index.js';
import { statisticsOf } from './search-lead.js';

/**
 * A search within one value of a column the list filters by (`index.group`: the library's category),
 * through an index of each row's trigrams keyed by that value
 * (docs/decisions/0067-search-within-one-category.md).
 *
 * The search index of 0048 hands out a text's matches in the whole table: `1.mp4` in a category of 50,000
 * videos, none of which holds it, read the 100,000 matches of the other categories to find none (44 ms on
 * SQLite, 29 ms on PostgreSQL at a million videos). Keyed by the category, a trigram no video of the
 * category holds has no entry at all, and a search reads only its category's matches.
 *
 * A row's keys are its group's value and each distinct run of three characters of its folded searched
 * columns (GROUP_GRAMS); a search asks for every key of its text and checks each row found for the text
 * itself, so a row the keys find by mistake (the runs in another order) is left out.
 * - SQLite: a contentless FTS5 table `<table>_search_groups` (the unicode61 tokenizer, no positions), whose
 *   one column holds the keys as words (hex: letters and digits only), kept by triggers that call
 *   GROUP_GRAMS, a function every server connection registers.
 * - PostgreSQL: a GIN index of GROUP_GRAMS(group, folded column), an SQL function of the same keys as text.
 */
export const GROUP_GRAMS = 'search_group_grams';

/** Runs of this many characters: the trigrams of 0048. */
const RUN = 3;

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

/** The distinct runs of RUN characters (code points) of each text, lower-cased as unicode_lower does. */
export function runsOf(texts: readonly unknown[]): Set<string> {
  const runs = new Set<string>();
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    const chars = [...text.toLowerCase()];
    for (let at = 0; at + RUN <= chars.length; at++) runs.add(chars.slice(at, at + RUN).join(''));
  }
  return runs;
}

/**
 * SQLite's GROUP_GRAMS: the keys of a row (its group's value and its searched columns' texts, each apart)
 * as FTS5 words separated by spaces. Registered on every connection that writes the table (database.ts).
 */
export function groupGrams(group: unknown, ...texts: unknown[]): string {
  const key = hex(String(group));
  return [...runsOf(texts)].map((run) => `${key}x${hex(run)}`).join(' ');
}

export const groupsTable = (index: SearchIndex) => `${index.table}_search_groups`;

/** PostgreSQL: the tables (and the group index, for its expression) whose statistics searches of `index` read. */
export const statisticsTables = (index: SearchIndex) =>
  index.group ? [index.table, groupsTable(index)] : [index.table];

/** Whether the group index can answer a search of `text`: it has a run, and no separator of the columns. */
export const groupSearchable = (text: string) => [...text].length >= RUN && !text.includes(FOLD_SEPARATOR);

/** SQLite: the FTS5 query of every key of `text` in `group` (words side by side: all of them). */
export const groupQuery = (group: string, text: string) =>
  groupGrams(group, text)
    .split(' ')
    .map((word) => `"${word}"`)
    .join(' ');

/** PostgreSQL: the rows of `group` whose keys hold every key of `text`, each checked for the text itself. */
export function groupContains(
  index: SearchIndex,
  group: string,
  text: string,
): Expression<SqlBool> | undefined {
  const holds = foldedHolds(index, text);
  if (!index.group || !holds) return undefined;
  const grams = sql.raw(GROUP_GRAMS);
  return sql<SqlBool>`(${grams}(${sql.ref(index.group)}, ${sql.ref(FOLDED)}) @> ${grams}(${group}, lower(${text}))
    AND ${holds})`;
}

/**
 * PostgreSQL: the group index is asked where the planner's figures expect at most this many rows of the
 * group to hold the text's rarest key. GIN hands out a key's rows whole and unordered (a bitmap), so a
 * text most of the category holds (`video` in category 3: 50,000 rows, 20-30 ms) is better found by the
 * walk of 0063, which stops after the count's cap.
 */
const GROUP_MOST = 5_000;

/**
 * PostgreSQL: whether the group index answers a search of `text` in `group` (GROUP_MOST): from the index's
 * most common keys as ANALYZE sampled them (statisticsOf, read every few minutes, not per search); a key
 * not among them is rarer than the least of them. The planner's own estimate for all the keys at once
 * multiplies their shares as if they were unrelated (`vid`, `ide`, `deo`: 135 rows expected of 50,000),
 * so it is not asked. False before the index is analyzed.
 */
export async function groupIsRare(db: Kysely<unknown>, index: SearchIndex, group: string, text: string) {
  const [keys, table] = await Promise.all([
    statisticsOf(db, groupsTable(index)),
    statisticsOf(db, index.table),
  ]);
  const common = keys.columns.get(GROUP_GRAMS)?.elements;
  if (!common?.size) return false;
  const least = Math.min(...common.values());
  const shares = [...runsOf([text])].map((run) => common.get(`${group}:${run}`) ?? least);
  return Math.min(...shares) * table.rows <= GROUP_MOST;
}

export const searchGroupsMigration = (index: SearchIndex): Migration => ({
  async up(db: Kysely<unknown>) {
    if (!index.group) throw new Error(`${index.table}: a search index without a group`);
    if (db.getExecutor().adapter instanceof SqliteAdapter) await sqliteGroups(db, index, index.group);
    else await postgresGroups(db, index, index.group);
  },
});

async function sqliteGroups(db: Kysely<unknown>, index: SearchIndex, group: string) {
  const name = groupsTable(index);
  const fts = sql.table(name);
  const table = sql.table(index.table);
  const keysOf = (row: string) =>
    sql`${sql.raw(GROUP_GRAMS)}(${sql.join([group, ...index.columns].map((c) => sql.ref(`${row}.${c}`)))})`;
  const trigger = (suffix: string) => sql.raw(`${name}_${suffix}`);
  const addNew = sql`INSERT INTO ${fts}(rowid, grams) VALUES (new.rowid, ${keysOf('new')})`;
  const dropOld = sql`DELETE FROM ${fts} WHERE rowid = old.rowid`;
  // Contentless with contentless_delete, as the search index (search-index.ts); detail=none: a search
  // asks only whether a row holds each key, never where.
  await sql`CREATE VIRTUAL TABLE ${fts} USING fts5(grams, content='', contentless_delete=1, detail=none)`.execute(
    db,
  );
  await sql`CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${table} BEGIN ${addNew}; END`.execute(db);
  await sql`CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${table} BEGIN ${dropOld}; END`.execute(db);
  const columns = sql.join([group, ...index.columns].map((c) => sql.ref(c)));
  await sql`CREATE TRIGGER ${trigger('update')} AFTER UPDATE OF ${columns} ON ${table}
    BEGIN ${dropOld}; ${addNew}; END`.execute(db);
  await sql`INSERT INTO ${fts}(rowid, grams) SELECT rowid, ${keysOf(index.table)} FROM ${table}`.execute(db);
}

/** PostgreSQL: GROUP_GRAMS, the same keys as SQLite's as text: the group's value, a colon, a run (substr
 * counts characters). The date spans' indexes key by it too (search-spans.ts). */
export async function createGroupGrams(db: Kysely<unknown>) {
  await sql`CREATE OR REPLACE FUNCTION ${sql.raw(GROUP_GRAMS)}(grp text, folded text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN ARRAY(SELECT DISTINCT grp || ':' || substr(folded, i, ${sql.lit(RUN)})
      FROM generate_series(1, length(folded) - ${sql.lit(RUN - 1)}) AS i)`.execute(db);
}

async function postgresGroups(db: Kysely<unknown>, index: SearchIndex, group: string) {
  if (!index.folded) throw new Error(`${index.table}: a group index needs the folded column`);
  await createGroupGrams(db);
  const name = sql.raw(groupsTable(index));
  await sql`CREATE INDEX ${name} ON ${sql.table(index.table)}
    USING gin (${sql.raw(GROUP_GRAMS)}(${sql.ref(group)}, ${sql.ref(FOLDED)})) WITH (${GIN_STORAGE})`.execute(
    db,
  );
  // The planner's figures for the index's keys (groupIsRare reads them), at once rather than at autovacuum's
  // next analyze.
  await sql`ANALYZE ${sql.table(index.table)}`.execute(db);
}
