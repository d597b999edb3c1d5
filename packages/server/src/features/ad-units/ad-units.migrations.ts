import type { Kysely, Migration } from 'kysely';
import { newId, nowIso } from '../../platform/db/values.js';
import { countsToBigint } from '../../platform/db/bigint-counters.js';

export const adUnitsMigrations: Record<string, Migration> = {
  '0900_ad_units': {
    async up(db: Kysely<unknown>) {
      // One table for the twelve kinds: platform android|ios, kind native|fullScreen|banner|open|reward|web.
      await db.schema
        .createTable('ad_units')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('a_name', 'text', (c) => c.notNull())
        .addColumn('a_id', 'text', (c) => c.notNull())
        .addColumn('a_description', 'text', (c) => c.notNull())
        // Lifetime click total of web ads (the analytics counter column); replies count web_ad_clicks.
        .addColumn('a_click', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('ad_units_platform_kind_name', ['platform', 'kind', 'a_name'])
        .execute();
      await db.schema
        .createIndex('ad_units_platform_kind_created')
        .on('ad_units')
        .columns(['platform', 'kind', 'created_at'])
        .execute();
      // Per-day click counts of web ads; day is the Asia/Kolkata calendar day (YYYY-MM-DD).
      await db.schema
        .createTable('web_ad_clicks')
        .addColumn('ad_id', 'text', (c) => c.notNull().references('ad_units.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('web_ad_clicks_pk', ['ad_id', 'day'])
        .execute();
      const at = nowIso();
      await (db as Kysely<{ ad_units: Record<string, unknown> }>)
        .insertInto('ad_units')
        .values(
          (['android', 'ios'] as const).map((platform) => ({
            id: newId(),
            platform,
            kind: 'web',
            a_name: 'WEB_URL_1',
            a_id: 'https://example.com/',
            a_description: 'Default website ad',
            a_click: 0,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    },
  },
  '0901_ad_units_counts_bigint': countsToBigint({ ad_units: ['a_click'], web_ad_clicks: ['count'] }),
};
