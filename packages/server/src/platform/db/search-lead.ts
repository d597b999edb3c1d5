import { sql, type QueryExecutorProvider } from 'kysely';
import type { DialectName } from './database.js';
import type { SearchIndex } from './search-index.js';

/** A list's search: its text, and on PostgreSQL the word of it the index is asked for (leadSearch). */
export interface Search {
  text: string;
  /** PostgreSQL: the word of `text` the index is asked for; every row it finds is checked for `text`. */
  lead?: string;
  /**
   * PostgreSQL: few rows are expected to match (under NARROW of the table's statistics), so the matches
   * are read first and then sorted, instead of walking the list's order until a page of them is found.
   */
  narrow?: boolean;
  /** PostgreSQL: the rows the table's statistics expect to match (undefined before ANALYZE). */
  expected?: number;
}

/** Trigrams need three characters (code points, as FTS5 counts them) of the folded text. */
export const TRIGRAM = 3;

/** Words: runs of letters or digits. Those of three or more have trigrams of their own in the index. */
const WORDS = /[\p{L}\p{N}]+/gu;

/** How long a table's statistics are used before they are read again (ANALYZE moves them rarely). */
const STATISTICS_FOR_MS = 5 * 60_000;

/** A column's statistics as ANALYZE samples them (pg_stats): its common values and a histogram. */
interface ColumnStatistics {
  nullShare: number;
  common: string[];
  commonShares: number[];
  histogram: string[];
  /** An array column's (or an index's array expression's) most common elements and their shares. */
  elements: Map<string, number>;
}

/**
 * A search expected to match fewer rows than this is read whole and sorted (search.ts) rather than found by
 * walking the order's index: a walk expects matches spread through the order, and when they are all at its
 * far end (`Video 10`: the oldest 11,111 of a million videos) it reads the whole table (2.1 s). Read and
 * sorted, 11,111 take 33 ms and 111,111 take 0.3-0.7 s (0047): a search expected in more rows keeps the
 * walk, which finds a page at once wherever most rows match (`video`: 0.25 ms).
 */
export const NARROW = 50_000;

/** A table's statistics: its row count as ANALYZE last saw it, and its columns'. */
interface TableStatistics {
  rows: number;
  columns: Map<string, ColumnStatistics>;
}

const statistics = new WeakMap<QueryExecutorProvider, Map<string, KeptStatistics>>();

/** A table's statistics as last read, and until when they are used before they are read again. */
interface KeptStatistics {
  until: number;
  columns: Promise<TableStatistics>;
}

async function readStatistics(db: QueryExecutorProvider, table: string): Promise<TableStatistics> {
  const { rows: sized } = await sql<{ rows: number }>`SELECT reltuples AS rows FROM pg_class
    WHERE oid = to_regclass(${table})`.execute(db);
  const { rows } = await sql<{
    attname: string;
    null_frac: number;
    common: string[] | null;
    shares: number[] | null;
    histogram: string[] | null;
    elements: string[] | null;
    element_shares: number[] | null;
  }>`SELECT attname, null_frac, most_common_vals::text::text[] AS common, most_common_freqs AS shares,
      histogram_bounds::text::text[] AS histogram, most_common_elems::text::text[] AS elements,
      most_common_elem_freqs AS element_shares
    FROM pg_stats WHERE schemaname = current_schema() AND tablename = ${table}`.execute(db);
  const columns = new Map(
    rows.map((r) => [
      r.attname,
      {
        nullShare: Number(r.null_frac),
        common: (r.common ?? []).map((v) => v.toLowerCase()),
        commonShares: (r.shares ?? []).map(Number),
        histogram: (r.histogram ?? []).map((v) => v.toLowerCase()),
        elements: new Map((r.elements ?? []).map((v, i) => [v, Number(r.element_shares?.[i] ?? 0)])),
      },
    ]),
  );
  return { rows: Number(sized[0]?.rows ?? 0), columns };
}

/**
 * `table`'s column statistics (or an index's, for its expressions), read once per STATISTICS_FOR_MS and
 * connection pool (per database). Past that, the kept ones answer while they are read again beside: the
 * read and its arrays' parsing took 20 ms of the first search at a million videos (0073), which every
 * search after each few minutes paid again.
 */
export function statisticsOf(db: QueryExecutorProvider, table: string): Promise<TableStatistics> {
  let tables = statistics.get(db);
  if (!tables) statistics.set(db, (tables = new Map()));
  const kept = tables.get(table);
  if (kept && kept.until > Date.now()) return kept.columns;
  const columns = readStatistics(db, table);
  const fresh = { until: Date.now() + STATISTICS_FOR_MS, columns };
  // Read again: the kept ones answer meanwhile, and stand for their time again (one read at a time).
  if (kept) kept.until = fresh.until;
  else tables.set(table, fresh);
  columns.then(
    // A table ANALYZE has not met yet (new, or small) is asked again next time.
    (read) => (read.columns.size ? tables.set(table, fresh) : tables.delete(table)),
    // A failed read: the kept ones, if any, stay and are read again at the next search.
    () => (kept ? (kept.until = 0) : tables.delete(table)),
  );
  return kept?.columns ?? columns;
}

/**
 * Reads the statistics of `tables` ahead (PostgreSQL), as the server starts: the first search would
 * otherwise wait for them (0073).
 */
export async function readStatisticsAhead(db: QueryExecutorProvider, tables: readonly string[]) {
  await Promise.all(tables.map((table) => statisticsOf(db, table)));
}

/**
 * The share of rows whose column holds `word` (folded), as the planner estimates a `LIKE '%word%'`: the
 * common values holding it, and of the other rows the share of the histogram's values holding it.
 * Undefined for a column ANALYZE has not sampled.
 */
function shareHolding(column: ColumnStatistics | undefined, word: string): number | undefined {
  if (!column || (!column.common.length && !column.histogram.length)) return undefined;
  let common = 0;
  column.common.forEach((v, i) => {
    if (v.includes(word)) common += column.commonShares[i] ?? 0;
  });
  const rest = Math.max(0, 1 - column.nullShare - column.commonShares.reduce((a, b) => a + b, 0));
  const inHistogram = column.histogram.filter((v) => v.includes(word)).length;
  return common + (column.histogram.length ? (rest * inHistogram) / column.histogram.length : 0);
}

/**
 * The search of `text` with its lead on PostgreSQL: of the text's words of three or more characters, the
 * one expected in the fewest rows, when another word of the text is expected in more. GIN reads the
 * posting list of every trigram of the text at each candidate the rarest one yields, so a text holding a
 * word most rows hold (`Video 1000`, `Ad 500`: `vid`, `ad `...) reads those lists nearly whole (13 ms at
 * a million videos); asked for `1000` alone it reads a few short ones. A text whose rarest long word is
 * also its most frequent (`Video 10`) is searched whole: the lead would find every row. The estimates
 * are the planner's own way (the table's pg_stats, read once every few minutes), without a query per
 * search. The same estimate of the whole text, times the table's rows, marks a search `narrow` (NARROW).
 * SQLite, and a table not yet analyzed, answer at once without a lead and not narrow.
 */
export async function leadSearch(
  db: QueryExecutorProvider,
  dialect: DialectName,
  index: SearchIndex,
  text: string,
): Promise<Search> {
  if (dialect !== 'postgres') return { text };
  const table = await statisticsOf(db, index.table);
  const whole = shareOf(table, index, text.toLowerCase());
  if (whole === undefined) return { text };
  const expected = Math.round(whole * table.rows);
  const search: Search = expected < NARROW ? { text, narrow: true, expected } : { text, expected };
  const words = [...new Set((text.match(WORDS) ?? []).map((w) => w.toLowerCase()))];
  if (words.length < 2 || !words.some((w) => [...w].length >= TRIGRAM)) return search;
  const shares = words.map((word) => ({ word, share: shareOf(table, index, word)! }));
  const most = Math.max(...shares.map((e) => e.share));
  // The fewest expected rows; of equals, the longer word (more trigrams, fewer candidates).
  const best = shares
    .filter((e) => [...e.word].length >= TRIGRAM)
    .sort((a, b) => a.share - b.share || b.word.length - a.word.length)[0]!;
  return best.share < most ? { ...search, lead: leadOf(text, best.word) } : search;
}

/** The share of rows where any of the index's columns holds `folded`; undefined before ANALYZE. */
export function shareOf(table: TableStatistics, index: SearchIndex, folded: string): number | undefined {
  let none = 1;
  for (const column of index.columns) {
    const share = shareHolding(table.columns.get(column), folded);
    if (share === undefined) return undefined;
    // Any of the columns, as the planner combines an OR of them.
    none *= 1 - share;
  }
  return 1 - none;
}

/**
 * The word as `text` spells it, with the character beside it on each side where the text has one (a
 * space, a dot...): pg_trgm then adds the trigrams of a word's start and end (`  5`, ` 50`), so `Ad 500`
 * led by ` 500` finds the ads with a word starting `500` (111 at 100,000 ads, on 7 table pages), where
 * `500` alone finds 300 spread over 116. Characters, not UTF-16 units: a lead is a part of the text.
 */
function leadOf(text: string, folded: string) {
  for (const match of text.matchAll(WORDS)) {
    if (match[0].toLowerCase() !== folded) continue;
    const before = [...text.slice(0, match.index)].at(-1) ?? '';
    const after = [...text.slice(match.index + match[0].length)][0] ?? '';
    return `${before}${match[0]}${after}`;
  }
  return folded;
}
