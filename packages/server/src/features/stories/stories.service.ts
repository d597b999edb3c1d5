import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import { DEFAULT_STORY_TIME, storyMessages, type Story } from '@streamdesk/contract/stories';
import { deleteAllOrNone } from '../../platform/db/delete-all-or-none.js';
import { newId, nowIso, toDbBool } from '../../platform/db/values.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { PageBoundaries } from '../../platform/db/page-boundaries.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import type { storyAddForm, storyEditForm } from '@streamdesk/contract/stories';
import type { z } from 'zod';
import * as repo from './stories.repository.js';
import { shownStories } from './story-app-list.js';
import { createStoryEdit, storyLabel, storyVersion } from './story-edit.js';
import { noteActivity } from '../../platform/activity/activity-recorder.js';
import { forgetItems } from '../../platform/trash/trash-bin.js';
import { createStoryFiles, STORY_FOLDER, type Media, type StoryUpload } from './story-files.js';
import { formIdOrRaw, limitColumns, parseInsertData } from './story-form.js';
import { queuedColumns } from '../../platform/media/video-queue.repository.js';
import { progressTagOf, progressTagsOf } from '../../platform/media/video-queue.js';
import { afterWriteScope } from '../../platform/db/write-scope.js';

/** The cache tag of everything the app reads about stories. */
export const STORIES_TAG = 'stories';
/**
 * Also on a cached page of the app's list that holds a story video in processing: a run's new percent
 * drops only those pages (and the launch reply naming page 1's version), as the reels' (0059).
 */
const STORIES_KIND = { table: 'stories', video: 'video' };
export const STORIES_PROGRESS_TAG = progressTagOf(STORIES_KIND);
type States = readonly Pick<Story, 'state'>[];
export const progressTags = (reply: { data: States; ads: States }) =>
  progressTagsOf(STORIES_KIND, [...reply.data, ...reply.ads]);
export { STORY_FOLDER } from './story-files.js';

/**
 * Stories and story ads: add, edit, delete, list, switch, and what the app is shown. The form's parsing,
 * the uploaded files, the edit and the app's list each have their own file.
 */
export function createStoriesService(ctx: FeatureContext, deps: { forgetCounts: ForgetCounts }) {
  const db = ctx.db;
  const { cache } = ctx;
  const changed = () => {
    cache.invalidate(STORIES_TAG);
  };
  // The admin lists' deep pages start from a page read before; every write of stories moves them
  // (STORIES_TAG, also heard from the other server processes through cache-sync).
  const boundaries = PageBoundaries.forgetOn(cache, STORIES_TAG);

  async function getRow(id: string, ads: boolean | undefined) {
    const row = await (ads === undefined ? repo.findStoryById(db, id) : repo.findStory(db, id, ads));
    if (!row) throw notFound(storyMessages.notFound);
    return row;
  }

  const files = createStoryFiles(ctx.media, ctx.app.log);
  const { afterUpload, mediaOf } = files;
  ctx.trash.register('stories', { feature: 'stories', changed, forget: forgetItems(deps.forgetCounts) });
  // A video story's video (story or story ad) is processed as a library video is (0059): the wake once
  // the write that queued it has committed.
  const kind = { ...STORIES_KIND, folder: STORY_FOLDER, changed };
  const wake = ctx.videoQueue.register(kind);
  const queued = () => afterWriteScope(wake);
  const editNow = createStoryEdit({ db, files, getRow, changed, queued });

  async function removeNow(ids: readonly string[], ads: boolean): Promise<number> {
    const rows = await deleteAllOrNone(db, ids, {
      find: (trx, unique) => repo.findStoriesByIds(trx, unique, ads),
      remove: (trx, unique) => repo.deleteStories(trx, unique),
      // To the trash with their counts and files, until restored or purged.
      trash: ctx.trash.rowsTo<repo.StoryRow>('stories', 'stories', (row) => ({
        label: storyLabel(row),
        thumbnail: row.thembnal || row.image,
      })),
      missing: () => notFound(storyMessages.notFound),
    });
    changed();
    return rows.length;
  }

  return {
    async add(fields: z.output<typeof storyAddForm>, upload: StoryUpload): Promise<Story> {
      let made: Media | undefined;
      return afterUpload(
        () => made,
        async () => {
          const d = parseInsertData(fields.insertData);
          const got = await mediaOf(upload, d);
          if (!got) throw badRequest(storyMessages.selectFile);
          made = got.media;
          const createdAt = nowIso();
          const row: repo.StoryRow = {
            id: newId(),
            status: toDbBool(d.status ?? true),
            ads_story: toDbBool(d.adsStory),
            ntv: toDbBool(d.NTV),
            ntv_id: d.NTV ? d.NTV_ID : '',
            ...got.media,
            story_time: got.duration ?? d.storyTime ?? DEFAULT_STORY_TIME,
            btn_name: d.btnName,
            btn_url: d.btnUrl,
            view: 0,
            click_btn_count: 0,
            ...limitColumns(d),
            created_at: createdAt,
            ...queuedColumns(createdAt, Boolean(got.media.video)),
          };
          await repo.insertStory(db, row);
          changed();
          if (row.video) queued();
          return repo.toStory(row);
        },
      );
    },

    edit(fields: z.output<typeof storyEditForm>, upload: StoryUpload): Promise<Story> {
      return ctx.locks.run('stories', [formIdOrRaw(fields._id)], () => editNow(fields, upload));
    },

    /** Deletes all the listed stories of the kind, or none when one is unknown; then their files. */
    remove(ids: readonly string[], ads: boolean): Promise<number> {
      return ctx.locks.run('stories', ids, () => removeNow(ids, ads));
    },

    async list(filter: repo.StoryListFilter, page: number, limit: number) {
      const [{ rows, total, capped }, first] = await Promise.all([
        repo.listStories(
          ctx.readDb,
          ctx.dialect,
          filter,
          { page, limit, countMax: SEARCH_COUNT_MAX },
          boundaries,
        ),
        repo.firstStoryVideo(db),
      ]);
      return {
        data: rows.map(repo.toStory),
        total,
        totalCapped: capped,
        totalPage: Math.ceil(total / limit),
        firstStoryVideo: first ? repo.toStory(first) : null,
      };
    },

    /** One story and the version of its editable fields, for the edit page. */
    async find(id: string, ads: boolean): Promise<{ data: Story; version: string }> {
      const data = repo.toStory(await getRow(id, ads));
      return { data, version: storyVersion(data) };
    },

    setStatus(id: string, ads: boolean, status: boolean): Promise<Story> {
      return ctx.locks.run('stories', [id], async () => {
        const row = await getRow(id, ads);
        await repo.updateStory(db, id, { status: toDbBool(status) });
        noteActivity({
          itemId: id,
          label: storyLabel(row),
          before: { status: row.status === 1 },
          after: { status },
        });
        changed();
        return repo.toStory({ ...row, status: toDbBool(status) });
      });
    },

    shown: (page: number, limit: number) => shownStories(db, page, limit),

    /**
     * Queues failed story videos of the list's kind (stories or story ads) again, as the reels' Retry
     * does (the same rule: videoQueue.retry); an id of the other kind is unknown, as in the delete.
     */
    retry(ids: readonly string[], ads: boolean): Promise<number> {
      return ctx.locks.run('stories', ids, async () => {
        const known = await repo.findStoriesByIds(db, [...new Set(ids)], ads);
        const none = () => notFound(storyMessages.notFound);
        if (!known.length) throw none();
        return ctx.videoQueue.retry(
          kind,
          known.map((row) => row.id),
          { none, notFailed: (notFailed) => conflict(storyMessages.notFailed(notFailed)) },
        );
      });
    },
  };
}

export type StoriesService = ReturnType<typeof createStoriesService>;
