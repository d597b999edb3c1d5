import { sql } from 'kysely';
import type { AppDb, AppTables } from '../db/database.js';
import type { FeatureContext } from '../feature-context.js';
import { MEDIA_URL_PREFIX } from './media-store.js';

/**
 * The columns that name media files (`/media/<key>` URLs), declared by the feature that owns each table,
 * so the platform finds every file a row names without knowing the features: the start-up orphan sweep
 * and the tests' media check read the same declarations.
 */
export class MediaColumns {
  readonly tables = new Map<string, readonly string[]>();

  declare<T extends keyof AppTables & string>(table: T, columns: readonly (keyof AppTables[T] & string)[]) {
    this.tables.set(table, columns);
  }
}

const MEDIA_URL = new RegExp(`${MEDIA_URL_PREFIX}([A-Za-z0-9_./-]+)`, 'g');

/** The keys of every media file a declared column names. */
export async function referencedMedia(db: AppDb, columns: MediaColumns): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const [table, names] of columns.tables) {
    const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(
      names.map((n) => sql.ref(n)),
    )} FROM ${sql.table(table)}`.execute(db);
    for (const row of rows)
      for (const value of Object.values(row))
        if (typeof value === 'string') for (const [, key] of value.matchAll(MEDIA_URL)) keys.add(key!);
  }
  return keys;
}

/**
 * Start-up: moves the media files no declared column names, untouched for `graceMs`, to `orphansDir`
 * (beside the media folder; kept, not deleted) and lists them in the log. Run after the features have
 * declared their columns, so a feature's files are never taken for orphans.
 */
export async function moveOrphanMedia(
  ctx: Pick<FeatureContext, 'app' | 'db' | 'media' | 'mediaColumns'>,
  orphansDir: string,
  graceMs: number,
): Promise<string[]> {
  const moved = await ctx.media.moveOrphans(
    await referencedMedia(ctx.db, ctx.mediaColumns),
    graceMs,
    orphansDir,
  );
  if (moved.length)
    ctx.app.log.warn({ files: moved }, `moved ${moved.length} media files no row names to ${orphansDir}`);
  return moved;
}
