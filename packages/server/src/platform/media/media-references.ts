import { setImmediate } from 'node:timers/promises';
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

/** Rows a walk of a table reads at a time: each batch is a short read, and the event loop runs between. */
export const REFERENCE_BATCH = 1000;

/**
 * The keys of the media files the declared columns name; of `among` only, when given. Each table is read
 * by id in batches of REFERENCE_BATCH rows (through `readDb` on SQLite: off the event loop), the event
 * loop given back between them: a whole-table read held the server 167-266 ms at 100,000 in-house ads, and
 * its matching as long again (bench:scale, 0047). With `among`, it reads nothing when `among` is empty and
 * stops once each of its keys is named.
 */
export async function referencedMedia(
  db: AppDb,
  columns: MediaColumns,
  among?: ReadonlySet<string>,
): Promise<Set<string>> {
  const keys = new Set<string>();
  const left = among && new Set(among);
  if (left?.size === 0) return keys;
  for (const [table, names] of columns.tables) {
    for (let after = ''; ;) {
      const { rows } = await sql<Record<string, unknown> & { id: string }>`SELECT id, ${sql.join(
        names.map((n) => sql.ref(n)),
      )} FROM ${sql.table(table)} WHERE id > ${after} ORDER BY id LIMIT ${REFERENCE_BATCH}`.execute(db);
      for (const row of rows)
        for (const name of names) {
          const value = row[name];
          if (typeof value !== 'string') continue;
          // Without `among` every key counts; with it, a key of `among` the first time it is named.
          for (const [, key] of value.matchAll(MEDIA_URL)) if (!left || left.delete(key!)) keys.add(key!);
        }
      if (left?.size === 0) return keys;
      if (rows.length < REFERENCE_BATCH) break;
      after = rows.at(-1)!.id;
      await setImmediate();
    }
  }
  return keys;
}

/**
 * Start-up: moves the media files no declared column names, untouched for `graceMs`, to `orphansDir`
 * (beside the media folder; kept, not deleted) and lists them in the log. Run after the features have
 * declared their columns, so a feature's files are never taken for orphans. Only the rows of stored files
 * are looked for: with none stored, no table is read.
 */
export async function moveOrphanMedia(
  ctx: Pick<FeatureContext, 'app' | 'readDb' | 'media' | 'mediaColumns'>,
  orphansDir: string,
  graceMs: number,
): Promise<string[]> {
  const moved = await ctx.media.moveOrphans(
    (stored) => referencedMedia(ctx.readDb, ctx.mediaColumns, stored),
    graceMs,
    orphansDir,
  );
  if (moved.length)
    ctx.app.log.warn({ files: moved }, `moved ${moved.length} media files no row names to ${orphansDir}`);
  return moved;
}
