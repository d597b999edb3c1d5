import type { Kysely, Migration } from 'kysely';
import { countsToBigint } from '../../platform/db/bigint-counters.js';
import { searchIndexMigration, type SearchIndex } from '../../platform/db/search-index.js';

/** What the list's `q` searches. */
export const shortcutStoriesSearch: SearchIndex = {
  table: 'shortcut_stories',
  columns: ['name', 'label', 'url'],
};

export const shortcutStoriesMigrations: Record<string, Migration> = {
  '0200_shortcut_stories': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shortcut_stories')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('s_no', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('logo', 'text', (c) => c.notNull())
        .addColumn('click_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('shortcut_stories_s_no')
        .on('shortcut_stories')
        .columns(['s_no', 'created_at'])
        .execute();
    },
  },
  '0201_shortcut_stories_counts_bigint': countsToBigint({ shortcut_stories: ['click_count'] }),
  '0210_shortcut_stories_search': searchIndexMigration(shortcutStoriesSearch),
};
