import type { AppDb } from '../db/database.js';
import { sql } from 'kysely';

export interface CacheVersionsTables {
  cache_versions: { tag: string; version: number };
}

declare module '../db/database.js' {
  interface AppTables extends CacheVersionsTables {}
}

type Db = AppDb;

export interface TagVersion {
  tag: string;
  version: number;
}

export const allVersions = (db: Db): Promise<TagVersion[]> =>
  db.selectFrom('cache_versions').select(['tag', 'version']).execute();

/** Adds one to each tag's version (a new tag starts at 1) and returns the versions now stored. */
export const bumpVersions = (db: Db, tags: readonly string[]): Promise<TagVersion[]> =>
  db
    .insertInto('cache_versions')
    .values(tags.map((tag) => ({ tag, version: 1 })))
    .onConflict((oc) => oc.column('tag').doUpdateSet({ version: sql`cache_versions.version + 1` }))
    .returning(['tag', 'version'])
    .execute();
