import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppDb, DialectName } from '../../platform/db/database.js';
import { matchesSearch } from '../../platform/db/search-index.js';
import { videosSearch } from './videos.migrations.js';
import type { VideoFilter } from './videos.repository.js';

/**
 * The search's predicate. With a lead, the trigram index reads the lead's trigrams alone and each row it
 * finds is checked for the whole text by `strpos(lower(..))`, which no index answers (so the planner
 * cannot fold it into the index scan) and which folds as ILIKE does on a UTF-8 database (both compare
 * `lower()` of the text and the column), the text taken literally.
 */
export const searched = (dialect: DialectName, { text, lead }: VideoFilter): Expression<SqlBool> => {
  if (!lead) return matchesSearch(dialect, videosSearch, text!);
  const whole = videosSearch.columns.map(
    (c) => sql<SqlBool>`strpos(lower(${sql.ref(c)}), lower(${text})) > 0`,
  );
  return sql<SqlBool>`(${matchesSearch(dialect, videosSearch, lead)} AND (${sql.join(whole, sql` OR `)}))`;
};

/** Runs of three or more letters or digits: each has trigrams of its own in the index. */
const RUNS = /[\p{L}\p{N}]{3,}/gu;

interface PlanNode {
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/**
 * `filter` with the lead its search's index read starts from on PostgreSQL: of the text's runs of
 * letters and digits, the one the planner expects in the fewest videos. The GIN index reads the posting
 * list of every trigram asked for at each candidate the rarest one yields, so a text of a word most
 * videos hold (`Video 1000`: `vid`, `ide`, `deo` are in every title) reads all of those lists (13 ms at a
 * million videos); asked for `1000` alone it reads a few short ones (0047). One EXPLAIN of every run
 * (no rows read) gives the planner's estimates.
 */
export async function withSearchLead(
  db: AppDb,
  dialect: DialectName,
  filter: VideoFilter,
): Promise<VideoFilter> {
  if (dialect !== 'postgres' || !filter.text) return filter;
  const runs = [...new Set(filter.text.toLowerCase().match(RUNS) ?? [])];
  // Under two runs nothing rarer is left to lead with: the text's trigrams include its one run's.
  if (runs.length < 2) return filter;
  const each = runs.map(
    (run) => sql`SELECT 1 FROM videos WHERE ${matchesSearch(dialect, videosSearch, run)}`,
  );
  const { rows } = await sql<{
    'QUERY PLAN': unknown;
  }>`EXPLAIN (FORMAT JSON) ${sql.join(each, sql` UNION ALL `)}`.execute(db);
  const reply = rows[0]?.['QUERY PLAN'];
  const explained = (typeof reply === 'string' ? JSON.parse(reply) : reply) as { Plan: PlanNode }[];
  const plans = explained[0]?.Plan.Plans;
  if (plans?.length !== runs.length) return filter;
  // The fewest expected rows; of equals, the longer run (more trigrams, fewer candidates).
  const best = runs
    .map((run, i) => ({ run, rows: plans[i]!['Plan Rows'] }))
    .sort((a, b) => a.rows - b.rows || b.run.length - a.run.length)[0]!;
  return { ...filter, lead: best.run };
}
