import pLimit from 'p-limit';
import { isRole, mayCall, refusal, type Feature } from '@streamdesk/contract/roles';
import { trashMessages, type TrashItem } from '@streamdesk/contract/trash';
import { currentActor, noteActivity } from '../../platform/activity/activity-recorder.js';
import { nowIso } from '../../platform/db/values.js';
import { whenCommitted } from '../../platform/db/write-scope.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import { referencedMedia } from '../../platform/media/media-references.js';
import { MEDIA_URL_PREFIX } from '../../platform/media/media-store.js';
import type { TrashKind, TrashLock } from '../../platform/trash/trash-bin.js';
import * as repo from '../../platform/trash/trash.repository.js';

/** How many due entries one purge pass takes (a pass runs again until none is due). */
const PURGE_BATCH = 100;
const FILE_REMOVALS_AT_ONCE = 8;
const MEDIA_URL = new RegExp(`${MEDIA_URL_PREFIX}([A-Za-z0-9_./-]+)`, 'g');

const parse = (row: repo.TrashRow): repo.Snapshot => JSON.parse(row.snapshot) as repo.Snapshot;

export const toTrashItem = (row: repo.TrashRow): TrashItem => ({
  _id: row.id,
  feature: row.feature,
  label: row.label,
  thumbnail: row.thumbnail,
  deletedAt: row.created_at,
  deletedBy: row.person_name,
  purgeAt: row.purge_at,
});

/** Runs `work` holding each of the record locks, in the order given (sorted: no two restores cross). */
function underLocksOf(ctx: FeatureContext) {
  const under = <T>(locks: readonly TrashLock[], work: () => Promise<T>): Promise<T> => {
    const [first, ...rest] = locks;
    return first ? ctx.locks.run(first[0], first[1], () => under(rest, work)) : work();
  };
  return under;
}

/** The trash: its list, restore (all or none) and delete forever, by hand or when an item's time is up. */
export function createTrashService(ctx: FeatureContext) {
  const { db, trash } = ctx;
  const underLocks = underLocksOf(ctx);

  const kindOf = (row: repo.TrashRow): TrashKind => {
    const kind = trash.kinds.get(row.kind);
    if (!kind) throw new Error(`no trash kind registered as ${row.kind}`);
    return kind;
  };

  /** Every entry of `ids`, or a 404 when one is not in the trash. */
  async function findAll(trx: typeof db, ids: readonly string[]) {
    const rows = await repo.findTrash(trx, ids);
    if (rows.length !== ids.length) throw notFound(trashMessages.notFound);
    return rows;
  }

  /** Removes the files the purged snapshots name that no row names any more (none is shared today). */
  async function removeFiles(rows: readonly repo.TrashRow[]) {
    const keys = new Set<string>();
    for (const row of rows) for (const [, key] of row.snapshot.matchAll(MEDIA_URL)) keys.add(key!);
    // Only these keys are looked for, in batches off the event loop: the daily purge read every media
    // column of every table in one go on the server's connection.
    const named = await referencedMedia(ctx.readDb, ctx.mediaColumns, keys);
    // A few at a time: a category of 70,000 videos would otherwise queue 140,000 unlinks at once on libuv's
    // four threads, ahead of every other request's file work (media, uploads).
    const slot = pLimit(FILE_REMOVALS_AT_ONCE);
    await Promise.all(
      [...keys]
        .filter((key) => !named.has(key))
        .map((key) =>
          slot(() =>
            ctx.media.remove(key).catch((err: unknown) => ctx.app.log.warn({ err, key }, 'could not remove')),
          ),
        ),
    );
  }

  async function purgeRows(ids: readonly string[], { missingIs404 }: { missingIs404: boolean }) {
    const unique = [...new Set(ids)];
    const rows = await db.transaction().execute(async (trx) => {
      const found = missingIs404 ? await findAll(trx, unique) : await repo.findTrash(trx, unique);
      if (found.length === 0) return found;
      await repo.deleteTrash(
        trx,
        found.map((r) => r.id),
      );
      for (const row of found) {
        await kindOf(row).forget?.(trx, parse(row));
        noteActivity({ itemId: row.id, label: row.label });
      }
      return found;
    });
    // Once the purge has committed: a rolled-back purge keeps its files.
    await whenCommitted(() => removeFiles(rows));
    for (const kind of new Set(rows.map((r) => r.kind))) trash.kinds.get(kind)?.changed();
    return rows.length;
  }

  return {
    async list(query: { feature?: Feature | undefined; page: number; limit: number }) {
      const { rows, total } = await repo.listTrash(db, query.feature, query.page, query.limit);
      return { data: rows.map(toTrashItem), total, totalPage: Math.ceil(total / query.limit) };
    },

    /** Puts the entries' rows back as they were, all or none; a conflict (409) names what clashes. */
    async restore(ids: readonly string[]): Promise<number> {
      const unique = [...new Set(ids)];
      const role = currentActor()?.role;
      // The locks the kinds' own writes take around the same checks (a category's names), taken before the
      // transaction as those writes take them; an entry restored or purged meanwhile is a 404 inside it.
      const locks = new Map<string, TrashLock>();
      for (const kind of await repo.kindsOf(db, unique)) {
        const lock = trash.kinds.get(kind)?.lock;
        if (lock) locks.set(JSON.stringify(lock), lock);
      }
      const restoreNow = () =>
        db.transaction().execute(async (trx) => {
          const found = await findAll(trx, unique);
          for (const row of found)
            if (isRole(role) && !mayCall(role, row.feature as Feature, 'write'))
              throw forbidden(refusal(role, row.feature as Feature, 'write'));
          const ordered = [...found].sort((a, b) => (kindOf(a).rank ?? 1) - (kindOf(b).rank ?? 1));
          for (const row of ordered) {
            const kind = kindOf(row);
            const stored = parse(row);
            await kind.check?.(trx, stored, found);
            const snapshot = kind.restoring?.(stored) ?? stored;
            for (const [table, tableRows] of snapshot.tables)
              if (tableRows.length) await repo.insertRows(trx, table, tableRows);
            noteActivity({
              action: 'restore',
              feature: row.feature as Feature,
              itemId: row.id,
              label: row.label,
              // What the restore changed on the way back (a send later past its time comes back missed).
              ...(snapshot !== stored && {
                before: stored.tables[0]?.[1][0] ?? null,
                after: snapshot.tables[0]?.[1][0] ?? null,
              }),
            });
          }
          await repo.deleteTrash(trx, unique);
          return found;
        });
      const rows = await underLocks(
        [...locks.keys()].sort().map((key) => locks.get(key)!),
        restoreNow,
      );
      for (const kind of new Set(rows.map((r) => r.kind))) trash.kinds.get(kind)?.changed();
      return rows.length;
    },

    /** Deletes the entries forever: rows, counted days and files. */
    purge: (ids: readonly string[]) => purgeRows(ids, { missingIs404: true }),

    /** Deletes forever what is past its retention (`now`: ISO time). */
    async purgeDue(now = nowIso()): Promise<number> {
      let purged = 0;
      for (;;) {
        const ids = await repo.duePurge(db, now, PURGE_BATCH);
        if (ids.length === 0) return purged;
        purged += await purgeRows(ids, { missingIs404: false });
      }
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
