import type { Kysely, Migration } from 'kysely';
import { countsToBigint } from '../../platform/db/bigint-counters.js';
import {
  loweredOrderIndexesAgain,
  orderIndexes,
  type OrderIndex,
} from '../../platform/db/newest-first-indexes.js';
import { keptCountsMigration, wholeCounts } from '../../platform/db/kept-counts.js';
import { posterlessIndex, processingColumns } from '../../platform/media/video-queue.migrations.js';
import { searchIndexMigration, type SearchIndex } from '../../platform/db/search-index.js';

/** What the list's `q` searches: the reel's file name (0051). */
export const reelsSearch: SearchIndex = { table: 'reels', columns: ['file_name'] };

/** A stored file's name, from its URL: the last part of the path, decoded when it can be. */
export function storedFileName(url: string): string {
  const last = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Gives each reel without a file name its stored file's name (0402; a reel written by an older server). */
export async function nameReelsByStoredFile(db: Kysely<unknown>): Promise<void> {
  const reels = db as unknown as Kysely<{ reels: { id: string; video: string; file_name: string } }>;
  const rows = await reels.selectFrom('reels').select(['id', 'video']).where('file_name', '=', '').execute();
  for (const { id, video } of rows)
    await reels
      .updateTable('reels')
      .set({ file_name: storedFileName(video) })
      .where('id', '=', id)
      .execute();
}

/** The reels, counted whole (the list's total). */
export const reelCounts = wholeCounts('reels');

/** The indexes of the lists' orders other than the date (0075). */
const REEL_ORDER_INDEXES: OrderIndex[] = [
  { name: 'reels_view', table: 'reels', by: 'view' },
  { name: 'reels_click', table: 'reels', by: 'click' },
  { name: 'reels_name', table: 'reels', by: 'file_name', lowered: true },
];

export const reelsMigrations: Record<string, Migration> = {
  '0400_reels': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reels')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('video', 'text', (c) => c.notNull())
        .addColumn('thumbnail', 'text', (c) => c.notNull())
        .addColumn('duration', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('view', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('click', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reels_created_at').on('reels').columns(['created_at', 'id']).execute();
    },
  },
  '0401_reels_counts_bigint': countsToBigint({ reels: ['view', 'click'] }),
  // Issue 36: a reel keeps the name of the file uploaded, to be found by it. A reel uploaded before has
  // its stored file's name, which is what the admin could see of it until now (0051).
  '0402_reels_file_name': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('reels')
        .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await nameReelsByStoredFile(db);
    },
  },
  '0403_reels_search': searchIndexMigration(reelsSearch),
  // Issue 35: a reel's video is processed as a library video is (faststart, the HLS ladder); the reels
  // already there are `ready` without HLS and keep playing their MP4 (0059).
  '0404_reels_processing': processingColumns('reels'),
  // The poster backfill's walk seeks the rows without a poster instead of reading every ready row.
  '0405_reels_posterless_index': posterlessIndex('reels'),
  // Issue 39: the reels by views, clicks or name walk an index (0075).
  '0406_reels_order_indexes': orderIndexes(REEL_ORDER_INDEXES),
  // Issue 39: the list's total kept by triggers, not counted at each page (kept-counts.ts wholeCounts).
  '0407_reels_counts_kept': keptCountsMigration(reelCounts),
  // Issue 39: PostgreSQL walks a lower-cased order's index alone with the column included (0077).
  '0408_reels_name_index_included': loweredOrderIndexesAgain(REEL_ORDER_INDEXES),
};
