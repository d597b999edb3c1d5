import { nextPageWindow, withNextPage } from '../../platform/db/next-page.js';
import {
  inHouseMessages,
  type InHouseAdFields,
  type inHouseAdUpdateFields,
  type AppInHouseAd,
  type InHouseAd,
  type InHouseListReply,
} from '@streamdesk/contract/inhouse-ads';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import type { AppCache } from '../../platform/app-cache.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import type { DialectName, AppDb } from '../../platform/db/database.js';
import { newId, nowIso, toDbBool } from '../../platform/db/values.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import {
  editVersionOf,
  foundAtVersion,
  readEditVersion,
} from '../../platform/edit-versions/edit-versions.js';
import { forgetItems, type TrashBin } from '../../platform/trash/trash-bin.js';
import { itemLabel } from '../../platform/activity/item-label.js';
import { deleteAllOrNone } from '../../platform/db/delete-all-or-none.js';
import type { MediaStore } from '../../platform/media/media-store.js';
import type { RecordLocks } from '../../platform/record-locks.js';
import type { Reverter } from '../../platform/activity/reverts.js';
import * as repo from './inhouse-ads.repository.js';
import { INHOUSE_FOLDER, thumbnailOf, type InHouseUpload } from './inhouse-ads.uploads.js';
import { holdFromRun, queuedColumns } from '../../platform/media/video-queue.repository.js';
import { PageBoundaries } from '../../platform/db/page-boundaries.js';
import { progressTagOf, progressTagsOf, type VideoQueue } from '../../platform/media/video-queue.js';
import { afterWriteScope, whenCommitted } from '../../platform/db/write-scope.js';
import type { z } from 'zod';

/** The cache tag of everything the app reads of in-house ads. */
export const INHOUSE_TAG = 'inhouse-ads';
const INHOUSE_KIND = { table: 'inhouse_ads', video: 'med_view' };
/**
 * Also on a cached page of the app's list that holds a video ad in processing: a run's new percent
 * drops only those pages (and the launch reply naming page 1's version), as the stories' (0059).
 */
export const INHOUSE_PROGRESS_TAG = progressTagOf(INHOUSE_KIND);
export const progressTags = (reply: { data: readonly Pick<AppInHouseAd, 'state'>[] }) =>
  progressTagsOf(INHOUSE_KIND, reply.data);

export interface InHouseAdsDeps {
  db: AppDb;
  /** For the list's read (off the event loop on SQLite: FeatureContext.readDb). */
  readDb: AppDb;
  dialect: DialectName;
  media: MediaStore;
  cache: AppCache;
  locks: RecordLocks;
  forgetCounts: ForgetCounts;
  trash: TrashBin;
  /** The controller's "in-house ads running" flag (InHouseAdsStatus). */
  inHouseAdsRunning: () => Promise<boolean>;
  /** Processes a video ad's video (faststart, the HLS ladder), as the library's (0059). */
  videoQueue: VideoQueue;
}

/**
 * What the edit page changes of an ad: the version it sends back covers these, and not the view and
 * click counts the app changes, nor the status, which the list's switch sets and the edit never sends
 * (docs/decisions/0009-edit-conflicts.md), nor the processing of its video (state, progress, hls). A
 * video ad's `medView` is left out too: the processing's faststart remux moves it to a new file, and an
 * edit page open meanwhile saves after it; a new video still changes the version, as each upload makes
 * its own thumbnail, which the remux keeps (0059). An image ad's `medView` is covered.
 */
const EDITABLE_FIELDS = [
  'mainTitle',
  'subTitle',
  'description',
  'callToAction',
  'btnName',
  'web_stay_time',
  'adType',
  'icon',
  'medType',
  'medView',
  'thumbnail',
] as const satisfies readonly (keyof InHouseAd)[];

const versionOf = (row: repo.InHouseAdRow) => {
  const ad = repo.toInHouseAd(row);
  return editVersionOf(ad.medType === 'video' ? { ...ad, medView: '' } : ad, EDITABLE_FIELDS);
};

/** Every file an ad names: its icon, image or video, a video's thumbnail and HLS ladder once made. */
const filesOf = (row: repo.InHouseAdRow) => [
  row.icon,
  row.med_view,
  row.thumbnail,
  row.hls,
  ...(row.hls_files ? row.hls_files.split(' ') : []),
];

export function toAppAd({
  view: _v,
  clickCount: _c,
  status: _s,
  updatedAt: _u,
  ...ad
}: InHouseAd): AppInHouseAd {
  return ad;
}

/** The columns a revert writes back: the text an edit changes (files are removed once replaced). */
const REVERTED_FIELDS = [
  'main_title',
  'sub_title',
  'description',
  'call_to_action',
  'btn_name',
  'web_stay_time',
  'ad_type',
] as const satisfies readonly (keyof repo.InHouseAdChanges)[];

export function createInHouseAdsService(deps: InHouseAdsDeps) {
  const { db, media } = deps;
  // The list's deep pages start from a page read before; every write of the ads moves them (INHOUSE_TAG,
  // also heard from the other server processes through cache-sync).
  const boundaries = PageBoundaries.forgetOn(deps.cache, INHOUSE_TAG);
  const changed = () => {
    deps.cache.invalidate(INHOUSE_TAG);
  };
  deps.trash.register('inhouse-ads', {
    feature: 'inhouse-ads',
    changed,
    forget: forgetItems(deps.forgetCounts),
  });
  // A video ad's video is processed as a library video is (0059): the wake once the write that queued
  // it has committed. The admin list is read uncached; the app's cached one follows a run's percent by
  // INHOUSE_PROGRESS_TAG.
  const kind = { ...INHOUSE_KIND, folder: INHOUSE_FOLDER, changed };
  const wake = deps.videoQueue.register(kind);
  const queued = () => afterWriteScope(wake);

  async function mustFind(id: string) {
    const row = await repo.findById(db, id);
    if (!row) throw notFound(inHouseMessages.notFound);
    return row;
  }

  /** Runs a write that follows an upload; on any failure the uploaded files (and thumbnail) go. */
  /** Runs a write; if it fails, the thumbnail made from the uploaded video goes (the route removes the upload). */
  async function withThumbnail<T>(write: (thumb: { url: string | null }) => Promise<T>) {
    const thumb = { url: null as string | null };
    try {
      return await write(thumb);
    } catch (error) {
      await media.remove(thumb.url);
      throw error;
    }
  }

  /** Writes an activity entry's before values back (0031): the ad's text fields, not its files. */
  const reverter: Reverter = {
    owns: async (id) => (await repo.findById(db, id)) !== undefined,
    fields: REVERTED_FIELDS,
    revert: (id, values, check) =>
      deps.locks.run('inhouse_ads', [id], async () => {
        check(await mustFind(id));
        const changes: repo.InHouseAdChanges = { ...values, updated_at: nowIso() };
        if (!(await repo.update(db, id, changes))) throw notFound(inHouseMessages.notFound);
        changed();
      }),
  };

  return {
    reverter,
    async list(opts: { all: boolean; page: number; limit: number; q?: string | undefined }) {
      const [{ rows, total, capped }, running] = await Promise.all([
        repo.listPage(
          deps.readDb,
          deps.dialect,
          {
            activeOnly: !opts.all,
            q: opts.q,
            page: opts.page,
            limit: opts.limit,
            countMax: SEARCH_COUNT_MAX,
          },
          boundaries,
        ),
        deps.inHouseAdsRunning(),
      ]);
      return {
        status: true,
        message: inHouseMessages.listed,
        data: rows.map(repo.toInHouseAd),
        totalPages: Math.ceil(total / opts.limit),
        total,
        totalCapped: capped,
        InHouseAdsStatus: running,
      } satisfies InHouseListReply;
    },

    /** One ad and the version of its editable fields, for the edit page. */
    async get(id: string): Promise<{ data: InHouseAd; version: string }> {
      const row = await mustFind(id);
      return { data: repo.toInHouseAd(row), version: versionOf(row) };
    },

    /** A page of the active ads the app shows, newest first (0048). */
    async activeForApp(
      page: number,
      limit: number,
    ): Promise<{ data: AppInHouseAd[]; nextPage: number | null }> {
      const { rows, nextPage } = withNextPage(
        await repo.listActive(db, nextPageWindow(page, limit)),
        page,
        limit,
      );
      return { data: rows.map((row) => toAppAd(repo.toInHouseAd(row))), nextPage };
    },

    create(fields: InHouseAdFields, upload: InHouseUpload): Promise<InHouseAd> {
      return withThumbnail(async (thumb) => {
        const { icon, image, video } = upload;
        if (!icon || !(image ?? video)) throw badRequest(inHouseMessages.selectFiles);
        if (image && video) throw badRequest(inHouseMessages.imageOrVideo);
        if (video) thumb.url = await thumbnailOf(media, video);
        // The admin form sets the titles; an app or script that leaves them empty gets 'Ad-{n}'.
        const autoTitle = `Ad-${(await repo.countAll(db)) + 1}`;
        const at = nowIso();
        const row: repo.NewInHouseAd = {
          id: newId(),
          main_title: fields.mainTitle || autoTitle,
          sub_title: fields.subTitle || autoTitle,
          description: fields.description || autoTitle,
          med_type: video ? 'video' : 'image',
          call_to_action: fields.callToAction,
          btn_name: fields.btnName,
          web_stay_time: fields.web_stay_time,
          ad_type: fields.adType,
          icon: icon.url,
          med_view: (video ?? image)!.url,
          thumbnail: thumb.url,
          view: 0,
          click_count: 0,
          status: 1,
          created_at: at,
          updated_at: at,
          ...queuedColumns(at, Boolean(video)),
        };
        await repo.insert(db, row);
        changed();
        if (video) queued();
        return repo.toInHouseAd(row as repo.InHouseAdRow);
      });
    },

    update(fields: z.output<typeof inHouseAdUpdateFields>, upload: InHouseUpload): Promise<InHouseAd> {
      return deps.locks.run('inhouse_ads', [fields.id], () => updateNow(fields, upload));
    },

    setStatus(id: string, status: boolean): Promise<InHouseAd> {
      return deps.locks.run('inhouse_ads', [id], async () => {
        const old = await mustFind(id);
        const changes = { status: toDbBool(status), updated_at: nowIso() };
        if (!(await repo.update(db, id, changes))) throw notFound(inHouseMessages.notFound);
        changed();
        return repo.toInHouseAd({ ...old, ...changes });
      });
    },

    /** All or none: an unknown id fails the whole request and nothing is deleted. */
    remove(ids: readonly string[]): Promise<number> {
      return deps.locks.run('inhouse_ads', ids, () => removeNow(ids));
    },

    /** Queues failed video ads again, as the library's and reels' Retry do (the same rule: videoQueue.retry). */
    retry: (ids: readonly string[]) =>
      deps.videoQueue.retry(kind, ids, {
        none: () => notFound(inHouseMessages.notFound),
        notFailed: (notFailed) => conflict(inHouseMessages.notFailed(notFailed)),
      }),
  };

  async function removeNow(ids: readonly string[]): Promise<number> {
    const rows = await deleteAllOrNone(db, ids, {
      find: repo.findByIds,
      remove: repo.deleteByIds,
      // To the trash with their counts and files, until restored or purged.
      trash: deps.trash.rowsTo('inhouse-ads', 'inhouse_ads', (row) => ({
        label: itemLabel('inhouse-ads', { mainTitle: row.main_title }, row.id),
        thumbnail: row.icon,
      })),
      missing: () => notFound(inHouseMessages.notFound),
    });
    changed();
    return rows.length;
  }

  async function updateNow(
    fields: z.output<typeof inHouseAdUpdateFields>,
    upload: InHouseUpload,
  ): Promise<InHouseAd> {
    let replaced: string[] = [];
    const ad = await withThumbnail(async (thumb) => {
      const sent = readEditVersion(fields.version);
      const { icon, image, video } = upload;
      if (image && video) throw badRequest(inHouseMessages.imageOrVideo);
      // Under the ad's lock: what the edit page loaded is what is stored now, or nothing is written and
      // the uploaded files go (the route's upload handling).
      const old = foundAtVersion(await repo.findById(db, fields.id), sent, versionOf, inHouseMessages);
      if (video) thumb.url = await thumbnailOf(media, video);
      const changes: repo.InHouseAdChanges = {
        // An emptied title keeps the one the ad has.
        main_title: fields.mainTitle || old.main_title,
        sub_title: fields.subTitle || old.sub_title,
        description: fields.description || old.description,
        call_to_action: fields.callToAction,
        btn_name: fields.btnName ?? old.btn_name,
        web_stay_time: fields.web_stay_time ?? old.web_stay_time,
        ad_type: fields.adType ?? old.ad_type,
        updated_at: nowIso(),
      };
      if (icon) changes.icon = icon.url;
      const newMedia = video ?? image;
      // A new video or image replaces the ad's: its processing starts again for a video (an image is
      // ready), a run under way loses the old one, and the files replaced are read as they are now.
      // Without one the file and processing columns are left alone, so a run finishing meanwhile keeps
      // its remuxed MP4 and ladder (0059).
      const current = (newMedia && (await holdFromRun(db, 'inhouse_ads', old.id))) || old;
      const processing = newMedia ? queuedColumns(nowIso(), Boolean(video)) : {};
      if (newMedia) {
        changes.med_type = video ? 'video' : 'image';
        changes.med_view = newMedia.url;
        changes.thumbnail = thumb.url;
      }
      if (!(await repo.update(db, old.id, changes, processing))) throw notFound(inHouseMessages.notFound);
      const next = { ...current, ...changes, ...processing };
      const still = new Set(filesOf(next));
      replaced = filesOf(current).filter((url): url is string => !!url && !still.has(url));
      return next;
    });
    changed();
    if (ad.state === 'queued') queued();
    // Only once the new files are in the committed record do the old ones go.
    await whenCommitted(() => Promise.all(replaced.map((url) => media.remove(url))).then(() => {}));
    return repo.toInHouseAd(ad);
  }
}

export type InHouseAdsService = ReturnType<typeof createInHouseAdsService>;
