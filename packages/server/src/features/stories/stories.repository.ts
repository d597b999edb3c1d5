import { sql, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { AppDb, AppTables, DialectName } from '../../platform/db/database.js';
import { parseSort } from '@streamdesk/contract/http';
import type { Story, StorySort } from '@streamdesk/contract/stories';
import { fromDbBool } from '../../platform/db/values.js';
import { pageWithTotal, seekPage } from '../../platform/db/paging.js';
import { boundedSearch } from '../../platform/db/bounded-search.js';
import type { PageBoundaries } from '../../platform/db/page-boundaries.js';
import { keptCount } from '../../platform/db/kept-counts.js';
import { storiesSearch, storyCounts } from './stories.migrations.js';
import { activeItems, addToTotalColumns, type TotalsChange } from '../../platform/item-counter.js';
import { posterOf, type ProcessingTableColumns } from '../../platform/media/video-queue.repository.js';

export interface StoriesTables {
  /** Stories per kind and status, kept by triggers (storyCounts). */
  story_counts: { ads_story: number; status: number; n: number };
  stories: {
    id: string;
    status: number;
    ads_story: number;
    ntv: number;
    ntv_id: string;
    video: string;
    image: string;
    thembnal: string;
    story_time: number;
    btn_name: string;
    btn_url: string;
    view: number;
    click_btn_count: number;
    max_view_limit: number;
    max_view_status: number;
    max_click_limit: number;
    max_click_status: number;
    created_at: string;
  } & ProcessingTableColumns;
}

declare module '../../platform/db/database.js' {
  interface AppTables extends StoriesTables {}
}

export type StoryRow = Selectable<StoriesTables['stories']>;
/** A story to insert: without the queue's columns it is `ready` without HLS (the columns' defaults). */
export type NewStory = Insertable<StoriesTables['stories']>;
export type Db = AppDb;

export function toStory(row: StoryRow): Story {
  return {
    _id: row.id,
    status: fromDbBool(row.status),
    video: row.video,
    image: row.image,
    thembnal: row.thembnal,
    adsStory: fromDbBool(row.ads_story),
    storyTime: Number(row.story_time),
    btnName: row.btn_name,
    btnUrl: row.btn_url,
    web_Url: row.btn_url,
    view: Number(row.view),
    clickBtnCount: Number(row.click_btn_count),
    date_time: row.created_at,
    maxviewLimit: Number(row.max_view_limit),
    maxviewStatus: fromDbBool(row.max_view_status),
    maxclickLimit: Number(row.max_click_limit),
    maxclickStatus: fromDbBool(row.max_click_status),
    NTV: fromDbBool(row.ntv),
    NTV_ID: row.ntv_id,
    hls: row.hls,
    poster: posterOf(row),
    state: row.state,
    progress: Number(row.progress),
  };
}

export const insertStory = (db: Db, row: NewStory) => db.insertInto('stories').values(row).execute();

export const updateStory = (db: Db, id: string, set: Partial<Omit<StoryRow, 'id'>>) =>
  db.updateTable('stories').set(set).where('id', '=', id).execute();

export const findStory = (db: Db, id: string, ads: boolean) =>
  db
    .selectFrom('stories')
    .selectAll()
    .where('id', '=', id)
    .where('ads_story', '=', ads ? 1 : 0)
    .executeTakeFirst();

export const findStoriesByIds = (db: Db, ids: readonly string[], ads: boolean) =>
  db
    .selectFrom('stories')
    .selectAll()
    .where('id', 'in', ids)
    .where('ads_story', '=', ads ? 1 : 0)
    .execute();

/** Deletes the rows and answers those it deleted (none of those another delete took first). */
export const deleteStories = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('stories').where('id', 'in', ids).returningAll().execute();

export interface StoryListFilter {
  ads: boolean;
  /** Part of the button name or URL or the Native Ad ID, any case (through the search index, 0048). */
  q?: string | undefined;
  sort: StorySort;
}

const STORY_ORDER_COLUMNS = { date: 'created_at', view: 'view', click: 'click_btn_count' } as const;

const storyOrder = (sort: StorySort) => {
  const { column, desc } = parseSort(sort);
  return { by: sql.ref(STORY_ORDER_COLUMNS[column]), desc };
};

/**
 * One page of an admin story list, filtered and in the order asked, with the number of matching stories.
 * A search counts its matches up to `countMax` (`capped` when more match, 0063): a broad one walks the
 * kind's (ads_story, created_at, id) index in the date orders, a few are read and sorted; the kind's kept
 * count tells SQLite's count whether to check the kind's own rows (search-count.ts). The orders by views
 * and clicks (counted up by app events without a write of ours) walk their index from the start; the
 * newest-first lists sum the kept counts (storyCounts) and start from the nearest page read
 * (page-boundaries.ts).
 */
export async function listStories(
  db: Db,
  dialect: DialectName,
  filter: StoryListFilter,
  { page, limit, countMax }: { page: number; limit: number; countMax: number },
  boundaries: PageBoundaries,
): Promise<{ rows: StoryRow[]; total: number; capped: boolean }> {
  const kind = { ads_story: filter.ads ? 1 : 0 };
  const base = db.selectFrom('stories').where('ads_story', '=', kind.ads_story);
  const order = storyOrder(filter.sort);
  if (filter.q) {
    const rows = await keptCount(db, storyCounts, kind);
    return boundedSearch<AppTables, 'stories', StoryRow>(
      { db, dialect, base, index: storiesSearch, text: filter.q, rows },
      order,
      { page, limit, walkable: filter.sort.endsWith('date'), countMax },
    );
  }
  // By views or clicks: the kind's index of that order (0075), and its kept count rather than a count.
  if (!filter.sort.endsWith('date')) {
    return {
      ...(await pageWithTotal(base, order, { page, limit }, keptCount(db, storyCounts, kind))),
      capped: false,
    };
  }
  const total = await keptCount(db, storyCounts, kind);
  const rows = await boundaries.page(JSON.stringify([filter, limit]), page, limit, total, (seek) =>
    seekPage<AppTables, 'stories', StoryRow>(base, order, seek),
  );
  return { rows, total, capped: false };
}

/** The newest active story video (not an ad). */
export const firstStoryVideo = (db: Db) =>
  db
    .selectFrom('stories')
    .selectAll()
    .where('ads_story', '=', 0)
    .where('status', '=', 1)
    // The partial index's own term, literal (0306): a bound parameter hides it from SQLite's planner.
    .where(sql<SqlBool>`video <> ''`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();

/**
 * Active stories (or story ads) whose view or click limit is off or not yet reached, newest first:
 * `count` of them after `offset`, walking the (ads_story, status, created_at, id) index.
 */
export const listShownStories = (db: Db, ads: boolean, window: { offset: number; count: number }) =>
  db
    .selectFrom('stories')
    .selectAll()
    .where('ads_story', '=', ads ? 1 : 0)
    .where('status', '=', 1)
    .where((eb) =>
      eb.and([
        eb.or([eb('max_view_status', '=', 0), eb('view', '<', eb.ref('max_view_limit'))]),
        eb.or([eb('max_click_status', '=', 0), eb('click_btn_count', '<', eb.ref('max_click_limit'))]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.count)
    .offset(window.offset)
    .execute();

export const findStoryById = (db: Db, id: string) =>
  db.selectFrom('stories').selectAll().where('id', '=', id).executeTakeFirst();

/** The active stories among `ids` with a view or click limit on (those whose counts decide if they are shown). */
export const findLimitedStories = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('stories')
        .selectAll()
        .where('id', 'in', ids)
        .where('status', '=', 1)
        .where((eb) => eb.or([eb('max_view_status', '=', 1), eb('max_click_status', '=', 1)]))
        .execute();

/** The stories among `ids` (all are active for heartbeats: a story has none). */
export const countedStories = (db: Db, ids: readonly string[]) => activeItems(db, 'stories', ids);

/** Adds counted views and button clicks to the stories' totals (negative on a clear, never below 0). */
export const addStoryCounts = (db: Db, changes: readonly TotalsChange[]) =>
  addToTotalColumns(db, { table: 'stories', id: 'id', view: 'view', click: 'click_btn_count' }, changes);
