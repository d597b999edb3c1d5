import type { AppDb, AppTables } from '../../platform/db/database.js';
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { seekPage, type ListOrder } from '../../platform/db/paging.js';
import type { Landmark, PageSeek, RowMove } from '../../platform/db/page-boundaries.js';
import { activeItems, addToTotalColumns, type TotalsChange } from '../../platform/item-counter.js';
import { noteUpdate } from '../../platform/activity/noted-update.js';
import { lowered } from '../../platform/db/dialect.js';
import { leadSearch, type Search } from '../../platform/db/search-lead.js';
import { countedSearchPage, pageFromFirstMatch } from '../../platform/db/search-page.js';
import type { SearchStart } from '../../platform/db/search-starts.js';
import { videosSearch } from './videos.migrations.js';
import type { ProcessingColumns } from '../../platform/media/video-queue.repository.js';
import type { DialectName } from '../../platform/db/database.js';
import type { VideoSort } from '@streamdesk/contract/videos';

export interface VideosTables {
  videos: {
    id: string;
    category_id: string;
    video: string;
    thumbnail: string;
    web: number;
    views: number;
    created_at: string;
    title: string;
    file_name: string;
    duration: number;
    width: number;
    height: number;
    size: number;
  } & ProcessingColumns;
}

/** Videos per category and web flag, and per day too, kept by triggers (videos.counts.migration.ts). */
export interface VideoCountsTables {
  video_counts: { category_id: string; web: number; n: number };
  video_day_counts: { category_id: string; web: number; day: string; n: number };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends VideosTables, VideoCountsTables {}
}

export type VideoRow = VideosTables['videos'];
type Db = AppDb;

export interface VideoFilter {
  /** A category id, or every category when undefined. */
  categoryIds?: readonly string[];
  web?: boolean;
  /** Part of a title or file name, any case. */
  text?: string;
}

/** A filter without a search: what the kept counts and the unsearched pages serve. */
export type UnsearchedFilter = Omit<VideoFilter, 'text'>;

/** The videos a filter's category and web flag keep, before its search. */
const unsearched = (db: Db, filter: UnsearchedFilter) =>
  db
    .selectFrom('videos')
    .$if(filter.categoryIds !== undefined, (qb) =>
      filter.categoryIds!.length
        ? qb.where('category_id', 'in', filter.categoryIds!)
        : qb.where(sql<SqlBool>`1 = 0`),
    )
    .$if(filter.web !== undefined, (qb) => qb.where('web', '=', filter.web ? 1 : 0));

/** A list order by its sort's name (the contract's `sort`, without its `-`). */
const orderOf = (dialect: DialectName, sort: VideoSort): ListOrder => {
  const key = sort.replace(/^-/, '') as 'date' | 'title' | 'duration' | 'views';
  return {
    by: {
      date: sql.ref('created_at'),
      title: lowered(dialect, 'title'),
      duration: sql.ref('duration'),
      views: sql.ref('views'),
    }[key],
    desc: sort.startsWith('-'),
    apart: dialect === 'sqlite' && key === 'title',
  };
};

/** One page in the order asked, found as `seek` says (page-boundaries.ts), ties always by id. */
export const pageOfVideos = (
  db: Db,
  dialect: DialectName,
  filter: UnsearchedFilter,
  sort: VideoSort,
  seek: PageSeek,
) => seekPage<AppTables, 'videos', VideoRow>(unsearched(db, filter), orderOf(dialect, sort), seek);

/** A search of the library's titles and file names, with its lead (search-lead.ts), read once for a page
 * and its count. */
export const searchOfVideos = (db: Db, dialect: DialectName, text: string) =>
  leadSearch(db, dialect, videosSearch, text);

/** A filter and its search (search-lead.ts) as the platform's searched lists take them (search-page.ts). */
const searchedList = (
  db: Db,
  dialect: DialectName,
  filter: UnsearchedFilter,
  search: Search,
  rows: number | undefined,
) => ({
  db,
  dialect,
  base: unsearched(db, filter),
  index: videosSearch,
  search,
  ...(rows === undefined ? {} : { rows }),
  ...(filter.categoryIds?.length === 1 ? { group: filter.categoryIds[0]! } : {}),
});

/**
 * A searched filter's count, up to `countMax` (0063), and its page in the order asked: more videos match
 * than the cap (`capped`), so the newest-first (or oldest-first) orders walk their index; the others read
 * the matches and sort them (on SQLite those the count found). Read side by side where they can be (0089).
 */
export const searchedVideos = (
  db: Db,
  dialect: DialectName,
  filter: UnsearchedFilter,
  search: Search,
  sort: VideoSort,
  {
    page,
    limit,
    rows,
    countMax,
  }: { page: number; limit: number; rows?: number | undefined; countMax: number },
) =>
  countedSearchPage<AppTables, 'videos', VideoRow>(
    searchedList(db, dialect, filter, search, rows),
    orderOf(dialect, sort),
    { page, limit, walkable: sort.endsWith('date'), countMax },
  );

/**
 * In date order: a searched page walked from the search's first match, kept from an earlier
 * read (search-starts.ts); undefined where the walk ends short of the page.
 */
export const searchedVideosFrom = (
  db: Db,
  dialect: DialectName,
  filter: UnsearchedFilter,
  text: string,
  sort: VideoSort,
  start: SearchStart,
  page: { page: number; limit: number },
) =>
  pageFromFirstMatch<AppTables, 'videos', VideoRow>(
    searchedList(db, dialect, filter, { text }, undefined),
    orderOf(dialect, sort),
    start,
    page,
  );

/** The number of videos a filter without a search matches, from the kept counts (a search's own count is
 * searchedVideos, bounded). */
export const countVideos = async (db: Db, filter: UnsearchedFilter) => {
  if (filter.categoryIds?.length === 0) return 0;
  const kept = await keptFor(db, 'video_counts', filter)
    .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
    .executeTakeFirst();
  return Number(kept?.n ?? 0);
};

export const videoById = (db: Db, id: string) =>
  db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Renames a video; its key in the lists by title before and after (the title as the order reads it), or
 * undefined when there is no such video.
 */
export const setTitle = async (
  db: Db,
  dialect: DialectName,
  id: string,
  title: string,
): Promise<RowMove | undefined> => {
  await noteUpdate(db, 'videos', [id], { title });
  const key = sql<string>`${lowered(dialect, 'title')}`.as('value');
  const before = await db.selectFrom('videos').select(key).where('id', '=', id).executeTakeFirst();
  const after = await db
    .updateTable('videos')
    .set({ title })
    .where('id', '=', id)
    .returning(key)
    .executeTakeFirst();
  if (!before || !after) return undefined;
  return { from: { value: before.value, id }, to: { value: after.value, id } };
};

export const insertVideos = (db: Db, rows: VideoRow[]) =>
  db.transaction().execute(async (trx) => {
    for (const row of rows) await trx.insertInto('videos').values(row).execute();
  });

/** The rows of a kept counts table (per category and web flag, or per day too) that a filter keeps. */
const keptFor = <T extends 'video_counts' | 'video_day_counts'>(db: Db, table: T, filter: UnsearchedFilter) =>
  db
    .selectFrom(table as 'video_counts')
    .$if(filter.categoryIds !== undefined, (qb) => qb.where('category_id', 'in', filter.categoryIds!))
    .$if(filter.web !== undefined, (qb) =>
      qb.where('web', '=', filter.web ? 1 : 0),
    ) as unknown as SelectQueryBuilder<AppTables, T, object>;

/** The ISO date of the day after `day` (YYYY-MM-DD). */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Where the rows of a filter in date order (newest first when `desc`) can be read from without walking the
 * `start` rows before them, from the kept day counts: the day holding row `start`, as a key every row of that
 * day and the days after it in the order lies beyond (the next day's date newest first, the day's own date
 * oldest first: an ISO date sorts before every time of its day), and the rows of the days before it.
 * Undefined where the days are not ISO dates (rows written by hand).
 */
export const videoDayLandmark = async (
  db: Db,
  filter: UnsearchedFilter,
  start: number,
  desc: boolean,
): Promise<Landmark | undefined> => {
  if (filter.categoryIds?.length === 0) return undefined;
  const days = keptFor(db, 'video_day_counts', filter)
    .select(['day', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .groupBy('day');
  const way = sql.raw(desc ? 'DESC' : 'ASC');
  const { rows } = await sql<{ day: string; n: number | string; upto: number | string }>`SELECT day, n, upto
    FROM (SELECT day, n, sum(n) OVER (ORDER BY day ${way}) AS upto FROM (${days}) AS d) AS running
    WHERE upto > ${start} ORDER BY day ${way} LIMIT 1`.execute(db);
  const found = rows[0];
  if (!found || !/^\d{4}-\d{2}-\d{2}$/.test(found.day)) return undefined;
  return {
    key: { value: desc ? dayAfter(found.day) : found.day, id: '' },
    before: Number(found.upto) - Number(found.n),
  };
};

export const countByCategory = async (db: Db) => {
  const rows = await db
    .selectFrom('video_counts')
    .select(['category_id', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
};

export const setWeb = async (db: Db, ids: readonly string[], web: boolean) => {
  await noteUpdate(db, 'videos', ids, { web: web ? 1 : 0 });
  return db
    .updateTable('videos')
    .set({ web: web ? 1 : 0 })
    .where('id', 'in', ids)
    .executeTakeFirst()
    .then((r) => Number(r.numUpdatedRows));
};

/**
 * Deletes videos and answers the rows the statement itself removed (DELETE ... RETURNING): of two deletes
 * at once, the second finds them gone. A category's videos are deleted by their category, not by listing
 * their ids: a list has one SQL parameter per id, and SQLite refuses a statement of more than 32,766
 * (PostgreSQL 65,535), so a large category could not be deleted. The id form takes the API's lists of at
 * most 1,000.
 */
export const deleteVideos = (db: Db, where: { ids: readonly string[] } | { categoryId: string }) => {
  const all = db.deleteFrom('videos');
  const some =
    'ids' in where ? all.where('id', 'in', where.ids) : all.where('category_id', '=', where.categoryId);
  return some.returningAll().execute();
};

/** The videos among `ids` (the app may count each). */
export const countedVideos = (db: Db, ids: readonly string[]) => activeItems(db, 'videos', ids);

/** Adds counted views to the videos' totals (negative on a clear, never below 0); clicks are not kept. */
export const addVideoCounts = (db: Db, changes: readonly TotalsChange[]) =>
  addToTotalColumns(db, { table: 'videos', id: 'id', view: 'views' }, changes);
