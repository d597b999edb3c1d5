import { sql, type QueryExecutorProvider } from 'kysely';
import type { DialectName } from './database.js';
import type { SearchIndex } from './search-index.js';

/** A list's search: its text, and on PostgreSQL the word of it the index is asked for (leadSearch). */
export interface Search {
  text: string;
  /** PostgreSQL: the word of `text` the index is asked for; every row it finds is checked for `text`. */
  lead?: string;
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
}

const statistics = new WeakMap<
  QueryExecutorProvider,
  Map<string, { until: number; columns: Promise<Map<string, ColumnStatistics>> }>
>();

async function readStatistics(db: QueryExecutorProvider, table: string) {
  const { rows } = await sql<{
    attname: string;
    null_frac: number;
    common: string[] | null;
    shares: number[] | null;
    histogram: string[] | null;
  }>`SELECT attname, null_frac, most_common_vals::text::text[] AS common, most_common_freqs AS shares,
      histogram_bounds::text::text[] AS histogram
    FROM pg_stats WHERE schemaname = current_schema() AND tablename = ${table}`.execute(db);
  return new Map(
    rows.map((r) => [
      r.attname,
      {
        nullShare: Number(r.null_frac),
        common: (r.common ?? []).map((v) => v.toLowerCase()),
        commonShares: (r.shares ?? []).map(Number),
        histogram: (r.histogram ?? []).map((v) => v.toLowerCase()),
      },
    ]),
  );
}

/** `table`'s column statistics, read once per STATISTICS_FOR_MS and connection pool (per database). */
function statisticsOf(db: QueryExecutorProvider, table: string) {
  let tables = statistics.get(db);
  if (!tables) statistics.set(db, (tables = new Map()));
  const kept = tables.get(table);
  if (kept && kept.until > Date.now()) return kept.columns;
  const columns = readStatistics(db, table);
  tables.set(table, { until: Date.now() + STATISTICS_FOR_MS, columns });
  // A table ANALYZE has not met yet (new, or small) is asked again next time.
  columns.then(
    (read) => read.size || tables.delete(table),
    () => tables.delete(table),
  );
  return columns;
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
 * search. SQLite, and a table not yet analyzed, answer at once without a lead.
 */
export async function leadSearch(
  db: QueryExecutorProvider,
  dialect: DialectName,
  index: SearchIndex,
  text: string,
): Promise<Search> {
  if (dialect !== 'postgres') return { text };
  const words = [...new Set((text.match(WORDS) ?? []).map((w) => w.toLowerCase()))];
  if (words.length < 2 || !words.some((w) => [...w].length >= TRIGRAM)) return { text };
  const columns = await statisticsOf(db, index.table);
  const expected: { word: string; share: number }[] = [];
  for (const word of words) {
    let none = 1;
    for (const column of index.columns) {
      const share = shareHolding(columns.get(column), word);
      if (share === undefined) return { text };
      // Any of the columns, as the planner combines an OR of them.
      none *= 1 - share;
    }
    expected.push({ word, share: 1 - none });
  }
  const most = Math.max(...expected.map((e) => e.share));
  // The fewest expected rows; of equals, the longer word (more trigrams, fewer candidates).
  const best = expected
    .filter((e) => [...e.word].length >= TRIGRAM)
    .sort((a, b) => a.share - b.share || b.word.length - a.word.length)[0]!;
  return best.share < most ? { text, lead: leadOf(text, best.word) } : { text };
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
