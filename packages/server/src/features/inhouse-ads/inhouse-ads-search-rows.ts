import { sql } from 'kysely';
import type { TestApp } from '../../test/test-app.js';

/** The searched columns of an ad a search test writes. */
export interface SearchedAd {
  id: string;
  main_title: string;
  sub_title: string;
  description: string;
  call_to_action: string;
}

/**
 * Writes `ads`, a second apart from `from` in their order (the last the newest), and on PostgreSQL
 * analyzes the table: a search's lead and its narrowness come from its statistics (search-lead.ts).
 */
export async function writeSearchedAds(t: TestApp, ads: SearchedAd[], from: number) {
  const { db, dialect } = t.app.streamdesk.context;
  await db
    .insertInto('inhouse_ads')
    .values(
      ads.map((a, i) => ({
        ...a,
        med_type: 'image',
        btn_name: 'Open',
        ad_type: 'fs_web',
        icon: '/media/ads/i.png',
        med_view: '/media/ads/m.png',
        created_at: new Date(from + i * 1000).toISOString(),
        updated_at: new Date(from + i * 1000).toISOString(),
      })) as never,
    )
    .execute();
  if (dialect === 'postgres') await sql`ANALYZE inhouse_ads`.execute(db);
}

/**
 * Writes an ad for each title, oldest first, ids `<prefix>0…0<n>` (24 characters), its description
 * `about <title>` (a search test's hand count reads both) and analyzes the table as writeSearchedAds does.
 */
export const writeTitledAds = (t: TestApp, prefix: string, titles: readonly string[], from: number) =>
  writeSearchedAds(
    t,
    titles.map((title, i) => ({
      id: `${prefix}${String(i).padStart(24 - prefix.length, '0')}`,
      main_title: title,
      sub_title: 'sub',
      description: `about ${title}`,
      call_to_action: `https://example.com/${i}`,
    })),
    from,
  );
