import { sql, type Expression, type QueryExecutorProvider, type SqlBool } from 'kysely';
import type { DialectName } from './database.js';
import { containsInsensitive } from './dialect.js';
import { foldedContains, foldedHolds, gramsContains } from './search-folded.js';
import { searchTable, type SearchIndex } from './search-index.js';
import { leadSearch, TRIGRAM, type Search } from './search-lead.js';

export type { Search };

/**
 * A list's search (`q`: rows where any searched column contains the text, case folded as dialect.ts
 * folds it), answered through the list's search index (search-index.ts, 0048). On PostgreSQL a text of
 * several words is led by its rarest one (search-lead.ts): the trigram index is asked for that word
 * alone and each row it finds is checked for the whole text (0047, "The list searches on PostgreSQL"),
 * and a text expected in few rows is read before it is sorted (search-lead.ts, NARROW).
 * Every list's search goes through searchFor (or, where a page and its count are read apart, leadSearch
 * once and matchesSearch for each).
 */

/**
 * SQLite: `text` as one FTS5 phrase of the folded text (a substring of one column, with the trigram
 * tokenizer), or undefined when it is too short to have a trigram (such a search scans).
 */
export function ftsPhrase(text: string): string | undefined {
  const folded = text.toLowerCase();
  return [...folded].length >= TRIGRAM ? `"${folded.replaceAll('"', '""')}"` : undefined;
}

/** The rows of `index.table` where any searched column contains `text`, through the index alone. */
function indexed(dialect: DialectName, index: SearchIndex, text: string): Expression<SqlBool> {
  const phrase = dialect === 'sqlite' ? ftsPhrase(text) : undefined;
  if (phrase) {
    const fts = sql.table(searchTable(index));
    return sql<SqlBool>`${sql.ref(`${index.table}.rowid`)} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${phrase})`;
  }
  const folded =
    dialect === 'postgres' ? (gramsContains(index, text) ?? foldedContains(index, text)) : undefined;
  if (folded) return folded;
  const each = index.columns.map((c) => containsInsensitive(dialect, c, text));
  return sql<SqlBool>`(${sql.join(each, sql` OR `)})`;
}

/**
 * The rows of `index.table` matching the search. With a lead, each row the lead's index read finds is
 * checked for the whole text by `strpos(lower(..))`, which no index answers (so the planner cannot fold
 * it back into the index scan) and which folds as ILIKE does on a UTF-8 database (both compare `lower()`
 * of the text and of the column), the text taken literally (`%`, `_`).
 */
export function matchesSearch(
  dialect: DialectName,
  index: SearchIndex,
  search: Search | string,
): Expression<SqlBool> {
  const { text, lead, narrow } = typeof search === 'string' ? { text: search } : search;
  const matching = lead ? ledBy(dialect, index, text, lead) : indexed(dialect, index, text);
  if (!narrow || dialect !== 'postgres') return matching;
  // Few matches expected (search-lead.ts, NARROW): their row addresses are read first through the index,
  // then the rows at them (a TID scan) are filtered and sorted. Otherwise the planner may walk the
  // order's index expecting matches all along it, and read the whole table when they are all at its end.
  const table = sql.table(index.table);
  return sql<SqlBool>`${sql.ref(`${index.table}.ctid`)} = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${matching}))`;
}

/** A lead's index read, each row it finds checked for the whole text. */
function ledBy(dialect: DialectName, index: SearchIndex, text: string, lead: string) {
  const whole =
    foldedHolds(index, text) ??
    sql.join(
      index.columns.map((c) => sql<SqlBool>`strpos(lower(${sql.ref(c)}), lower(${text})) > 0`),
      sql` OR `,
    );
  return sql<SqlBool>`(${indexed(dialect, index, lead)} AND (${whole}))`;
}

/** The predicate of a list's search of `text`, led on PostgreSQL (leadSearch). */
export async function searchFor(
  db: QueryExecutorProvider,
  dialect: DialectName,
  index: SearchIndex,
  text: string,
): Promise<Expression<SqlBool>> {
  return matchesSearch(dialect, index, await leadSearch(db, dialect, index, text));
}
