import type { Insertable } from 'kysely';
import type { AppDb, AppTables } from '../platform/db/database.js';

type NewReel = Insertable<AppTables['reels']>;

/** Reel `n` as a row inserted straight into the table (id `r000042`, its files named by `n`), `fields` on top. */
export const reelRow = (n: number, fields: Partial<NewReel> = {}): NewReel => ({
  id: `r${String(n).padStart(6, '0')}`,
  video: `/media/reels/${n}.mp4`,
  thumbnail: `/media/reels/${n}.jpg`,
  file_name: `${n}.mp4`,
  duration: 10,
  size: 1000,
  view: 0,
  click: 0,
  created_at: '2026-12-01T00:00:00.000Z',
  ...fields,
});

/** Inserts `count` reels made by `rowOf`, 500 to a statement. */
export async function insertReels(db: AppDb, count: number, rowOf: (n: number) => NewReel) {
  const rows = Array.from({ length: count }, (_, n) => rowOf(n));
  for (let at = 0; at < rows.length; at += 500)
    await db
      .insertInto('reels')
      .values(rows.slice(at, at + 500))
      .execute();
}
