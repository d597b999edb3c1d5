import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import { launchListRead } from '../../platform/registries.js';
import {
  liveMatchesDeletedMessage,
  liveMatchMessages,
  type AppLiveMatch,
  type LiveMatch,
} from '@streamdesk/contract/live-matches';
import {
  editVersionOf,
  foundAtVersion,
  readEditVersion,
} from '../../platform/edit-versions/edit-versions.js';
import { fromDbBool, newId, toDbBool } from '../../platform/db/values.js';
import { notFound } from '../../platform/errors.js';
import { deleteAllOrNone } from '../../platform/db/delete-all-or-none.js';
import type { SavedMedia } from '../../platform/media/media-store.js';
import { createFireHistory } from './fire-history.service.js';
import { createLiveAdFields } from './live-ad-fields.service.js';
import { createdNow, LIVE_TAGS, totalPages, type LiveMatchesDeps } from './live-matches.common.js';
import type { Reverter } from '../../platform/activity/reverts.js';
import * as repo from './live-matches.repository.js';
import { forgetItems } from '../../platform/trash/trash-bin.js';
import { itemLabel } from '../../platform/activity/item-label.js';
import { createWebLiveAds } from './web-live-ads.service.js';
import type { PlannedMatches, PlannedTimes } from './planned-matches.service.js';

export { LIVE_TAGS, type LiveMatchesDeps } from './live-matches.common.js';

/**
 * What the inline edit writes of a match: its version covers these, not the view count the app changes
 * nor the status the edit never sends (docs/decisions/0009-edit-conflicts.md).
 */
const EDITABLE_FIELDS = ['title', 'url', 'thumbnail'] as const satisfies readonly (keyof repo.LiveMatchRow)[];

const matchVersion = (row: repo.LiveMatchRow) => editVersionOf(row, EDITABLE_FIELDS);

const toMatch = (row: repo.LiveMatchRow): LiveMatch => ({
  _id: row.id,
  title: row.title,
  url: row.url,
  thumbnail: row.thumbnail,
  view: Number(row.view),
  createdAt: row.created_at,
  status: fromDbBool(row.status),
  version: matchVersion(row),
  plannedStart: row.planned_start,
  plannedEnd: row.planned_end,
  plannedNote: row.planned_note,
});

const toAppMatch = (row: repo.LiveMatchRow): AppLiveMatch => ({
  _id: row.id,
  title: row.title,
  url: row.url,
  thumbnail: row.thumbnail,
  createdAt: row.created_at,
});

/**
 * Live matches (this file), the live-call ad fields, the website live ads, and Fire with its history:
 * one service for the routes, each part in its own file.
 */
export function createLiveMatchesService(deps: LiveMatchesDeps, planned: PlannedMatches) {
  const { db, dialect, media, cache, locks, forgetCounts, liveMatchRunning, trash } = deps;
  trash.register('live-matches', {
    feature: 'live-matches',
    changed: () => cache.invalidate(LIVE_TAGS.matches),
    forget: forgetItems(forgetCounts.liveMatch),
  });
  const activeMatches = async () => (await repo.listActiveLiveMatches(db)).map(toAppMatch);

  /** Writes an activity entry's before values back (0031): the title and URL, not the replaced image. */
  const matchReverter: Reverter = {
    owns: async (id) => (await repo.findLiveMatch(db, id)) !== undefined,
    fields: ['title', 'url'],
    revert: (id, values, check) =>
      locks.run('live_matches', [id], async () => {
        const found = await repo.findLiveMatch(db, id);
        if (!found) throw notFound(liveMatchMessages.notFound);
        check(found);
        await repo.updateLiveMatch(db, id, values as Partial<Pick<repo.LiveMatchRow, 'title' | 'url'>>);
        cache.invalidate(LIVE_TAGS.matches);
      }),
  };

  return {
    matchReverter,
    // Live matches ------------------------------------------------------------------------------------
    async list(query: Parameters<typeof repo.listLiveMatches>[2]) {
      const [{ rows, total, capped }, running] = await Promise.all([
        repo.listLiveMatches(deps.readDb, dialect, query, SEARCH_COUNT_MAX),
        liveMatchRunning(),
      ]);
      return {
        status: true,
        message: liveMatchMessages.listed,
        data: rows.map(toMatch),
        totalPage: totalPages(total, query.limit),
        total,
        totalCapped: capped,
        liveMatch: running,
      };
    },

    /** A match planned to start later is added inactive; its planned times' jobs commit with it. */
    async add(fields: { title: string; url: string } & PlannedTimes, image: SavedMedia) {
      const id = newId();
      const plan = await planned.plan(id, fields);
      const row: repo.LiveMatchRow = {
        id,
        title: fields.title,
        url: fields.url,
        thumbnail: image.url,
        view: 0,
        status: plan.planned_start ? 0 : 1,
        created_at: createdNow(),
        ...plan,
      };
      await repo.insertLiveMatch(db, row);
      cache.invalidate(LIVE_TAGS.matches);
      return { status: true, message: liveMatchMessages.added, data: toMatch(row) };
    },

    /**
     * Edits the text and, when a new image came, swaps the image (the old file is removed after). An
     * edit sent with the version its row was listed at is refused (409) when the match changed since;
     * the caller then removes the uploaded image.
     */
    edit(
      fields: { _id: string; title: string; url: string; version?: string | undefined } & PlannedTimes,
      image: SavedMedia | undefined,
    ) {
      const sent = readEditVersion(fields.version);
      return locks.run('live_matches', [fields._id], async () => {
        const found = await repo.findLiveMatch(db, fields._id);
        const existing = foundAtVersion(found, sent, matchVersion, liveMatchMessages);
        const changes = { title: fields.title, url: fields.url, ...(image ? { thumbnail: image.url } : {}) };
        await repo.updateLiveMatch(db, existing.id, changes);
        const plan = await planned.plan(existing.id, fields, existing);
        await repo.updatePlan(db, existing.id, plan);
        if (image) await media.remove(existing.thumbnail);
        cache.invalidate(LIVE_TAGS.matches);
        return {
          status: true,
          message: liveMatchMessages.updated,
          data: toMatch({ ...existing, ...changes, ...plan }),
        };
      });
    },

    remove(ids: readonly string[]) {
      return locks.run('live_matches', ids, async () => {
        const rows = await deleteAllOrNone(db, ids, {
          find: repo.findLiveMatches,
          remove: repo.deleteLiveMatches,
          // To the trash with their counts and pictures, until restored or purged.
          trash: trash.rowsTo('live-matches', 'live_matches', (row) => ({
            label: itemLabel('live-matches', row, row.id),
            thumbnail: row.thumbnail,
          })),
          missing: () => notFound(liveMatchMessages.notFound),
        });
        cache.invalidate(LIVE_TAGS.matches);
        return { status: true, message: liveMatchesDeletedMessage(rows.length), deleted: rows.length };
      });
    },

    setStatus(id: string, status: boolean) {
      return locks.run('live_matches', [id], async () => {
        const existing = await repo.findLiveMatch(db, id);
        if (!existing) throw notFound(liveMatchMessages.notFound);
        await repo.updateLiveMatch(db, id, { status: toDbBool(status) });
        cache.invalidate(LIVE_TAGS.matches);
        return {
          status: true,
          message: liveMatchMessages.statusChanged,
          data: toMatch({ ...existing, status: toDbBool(status) }),
        };
      });
    },

    /** The app's active matches, a launch list (versioned). */
    appList: launchListRead(cache, 'live-matches:active', [LIVE_TAGS.matches], async () => ({
      status: true,
      message: liveMatchMessages.listed,
      data: await activeMatches(),
    })),

    ...createLiveAdFields(deps),
    ...createWebLiveAds(deps),
    ...createFireHistory(deps),
  };
}

export type LiveMatchesService = ReturnType<typeof createLiveMatchesService>;
