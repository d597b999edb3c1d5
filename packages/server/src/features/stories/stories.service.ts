import type { z } from 'zod';
import {
  appStory,
  DEFAULT_STORY_TIME,
  STORY_MAX_SECONDS,
  storyInsertData,
  storyMessages,
  type AppStory,
  type Story,
  type StoryInsertData,
} from '@streamdesk/contract/stories';
import { EDIT_VERSION_FIELD } from '@streamdesk/contract/edit-versions';
import { tablesOf } from '../../platform/db/database.js';
import { newId, nowIso, toDbBool } from '../../platform/db/values.js';
import { inputFault, inputFaultError } from '../../platform/http/input-hygiene.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { deleteAllOrNone } from '../../platform/db/delete-all-or-none.js';
import {
  checkEditVersion,
  editVersionOf,
  readEditVersion,
} from '../../platform/edit-versions/edit-versions.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import type { MultipartResult } from '../../platform/media/multipart.js';
import { single } from '../../platform/media/multipart.js';
import { acceptVideo } from '../../platform/media/video-tools.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import * as repo from './stories.repository.js';

/** The cache tag of everything the app reads about stories. */
export const STORIES_TAG = 'stories';
export const STORY_FOLDER = 'stories';

type Media = Pick<repo.StoryRow, 'video' | 'image' | 'thembnal'>;
const NO_MEDIA: Media = { video: '', image: '', thembnal: '' };

/** `insertData.field: message` for the first problem, so the client can tell which field is wrong. */
function firstIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  if (!issue) return storyMessages.insertDataJson;
  const path = issue.path.map(String).join('.');
  return path ? `${prefix}.${path}: ${issue.message}` : `${prefix}: ${issue.message}`;
}

export function parseInsertData(
  raw: string | undefined,
  overrides: Record<string, unknown> = {},
): StoryInsertData {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '');
  } catch {
    throw badRequest(storyMessages.insertDataJson);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw badRequest(storyMessages.insertDataJson);
  // The form field's own check sees only the escapes ('\\u0000', '\\ud800'); the parsed text holds the
  // characters: a NUL or a lone surrogate, which no database stores as sent.
  const fault = inputFault(json);
  if (fault) throw inputFaultError('body', { ...fault, path: `insertData.${fault.path}` });
  const parsed = storyInsertData.safeParse({ ...json, ...overrides });
  if (!parsed.success) throw badRequest(firstIssue(parsed.error, 'insertData'));
  return parsed.data;
}

/** The `_id` field of the edit form arrives JSON-encoded (`"\"abc\""`); a bare id is accepted too. */
function parseFormId(raw: string | undefined): string {
  let value: unknown = raw;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    /* a bare id */
  }
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value.trim()))
    throw badRequest(storyMessages.idJson);
  return value.trim();
}

/** The fields the app gets of a story: the contract's appStory says which. */
const APP_STORY_FIELDS = Object.keys(appStory.shape) as (keyof AppStory)[];

/** The app's copy of a story: what the back office alone reads is left out. */
function toAppStory(story: Story): AppStory {
  return Object.fromEntries(APP_STORY_FIELDS.map((field) => [field, story[field]])) as AppStory;
}

/**
 * What an admin edits of a story: the version the edit page sends back covers these, and not the view
 * and click counts, which the app changes every second (docs/decisions/0009-edit-conflicts.md).
 */
const EDITABLE_FIELDS = [
  'status',
  'NTV',
  'NTV_ID',
  'video',
  'image',
  'thembnal',
  'storyTime',
  'btnName',
  'btnUrl',
  'maxviewLimit',
  'maxviewStatus',
  'maxclickLimit',
  'maxclickStatus',
] as const satisfies readonly (keyof Story)[];

const storyVersion = (story: Story) => editVersionOf(story, EDITABLE_FIELDS);

const limitColumns = (d: StoryInsertData) => ({
  max_view_limit: d.maxviewLimit,
  max_view_status: toDbBool(d.maxviewStatus),
  max_click_limit: d.maxclickLimit,
  max_click_status: toDbBool(d.maxclickStatus),
});

export function createStoriesService(ctx: FeatureContext, deps: { forgetCounts: ForgetCounts }) {
  const db = tablesOf<repo.StoriesTables>(ctx.db);
  const { media, cache } = ctx;
  const changed = () => {
    cache.invalidate(STORIES_TAG);
  };

  const removeMedia = (m: Media) => Promise.all([m.video, m.image, m.thembnal].map((u) => media.remove(u)));

  /** Turns the uploaded file (if any) into the story's media; a video gets its thumbnail and duration. */
  async function mediaOf(
    upload: MultipartResult,
    d: StoryInsertData,
  ): Promise<{ media: Media; duration?: number } | undefined> {
    const video = single(upload, 'video');
    const image = single(upload, 'image');
    if (d.NTV) {
      if (video || image) throw badRequest(storyMessages.ntvNoFile);
      return { media: NO_MEDIA };
    }
    if (video && image) throw badRequest(storyMessages.oneFile);
    if (image) return { media: { video: '', image: image.url, thembnal: image.url } };
    if (!video) return undefined;
    // Its duration becomes the story's Timing, which is at most an hour (STORY_MAX_SECONDS) whatever
    // the type: a longer video is refused rather than stored with a Timing no form could set.
    const { durationSeconds, thumbnail } = await acceptVideo(media, video, STORY_FOLDER, ctx.app.log, {
      maxSeconds: STORY_MAX_SECONDS,
      message: storyMessages.videoTooLong,
    });
    return {
      media: { video: video.url, image: '', thembnal: thumbnail.url },
      duration: Math.max(1, Math.ceil(durationSeconds)),
    };
  }

  async function getRow(id: string, ads: boolean | undefined) {
    const row = await (ads === undefined ? repo.findStoryById(db, id) : repo.findStory(db, id, ads));
    if (!row) throw notFound(storyMessages.notFound);
    return row;
  }

  /** Runs a write that follows an upload; on any failure the uploaded and server-made files go. */
  async function afterUpload<T>(
    upload: MultipartResult,
    made: () => Media | undefined,
    work: () => Promise<T>,
  ) {
    try {
      return await work();
    } catch (error) {
      await upload.discard();
      const m = made();
      if (m) await removeMedia(m);
      throw error;
    }
  }

  async function editNow(upload: MultipartResult): Promise<Story> {
    let made: Media | undefined;
    const { old, next } = await afterUpload(
      upload,
      () => made,
      async () => {
        const id = parseFormId(upload.fields._id);
        const sent = readEditVersion(upload.fields[EDIT_VERSION_FIELD]);
        const old = await getRow(id, undefined);
        // Under the story's lock: what the edit page loaded is what is stored now, or nothing is written.
        checkEditVersion(
          sent,
          storyVersion(repo.toStory(old)),
          old.ads_story === 1 ? storyMessages.conflictThingAd : storyMessages.conflictThing,
        );
        const d = parseInsertData(upload.fields.insertData, { adsStory: old.ads_story === 1 });
        const got = await mediaOf(upload, d);
        if (got && !d.NTV) made = got.media;
        const keep: Media = { video: old.video, image: old.image, thembnal: old.thembnal };
        const nextMedia = got?.media ?? keep;
        if (!d.NTV && !nextMedia.video && !nextMedia.image) throw badRequest(storyMessages.selectFile);
        const isVideo = Boolean(nextMedia.video);
        const set = {
          status: toDbBool(d.status ?? old.status === 1),
          ntv: toDbBool(d.NTV),
          ntv_id: d.NTV ? d.NTV_ID : '',
          ...nextMedia,
          story_time: isVideo
            ? (got?.duration ?? old.story_time)
            : (d.storyTime ?? old.story_time ?? DEFAULT_STORY_TIME),
          btn_name: d.btnName,
          btn_url: d.btnUrl,
          ...limitColumns(d),
        };
        await repo.updateStory(db, id, set);
        return { old, next: { ...old, ...set } };
      },
    );
    // Files the story no longer points at.
    const still = new Set([next.video, next.image, next.thembnal]);
    await removeMedia({
      video: still.has(old.video) ? '' : old.video,
      image: still.has(old.image) ? '' : old.image,
      thembnal: still.has(old.thembnal) ? '' : old.thembnal,
    });
    changed();
    return repo.toStory(next);
  }

  async function removeNow(ids: readonly string[], ads: boolean): Promise<number> {
    const rows = await deleteAllOrNone(db, ids, {
      find: (trx, unique) => repo.findStoriesByIds(trx, unique, ads),
      remove: async (trx, unique) => {
        await repo.deleteStories(trx, unique);
        await deps.forgetCounts(trx, unique);
      },
      missing: () => notFound(storyMessages.notFound),
    });
    await Promise.all(rows.map(removeMedia));
    changed();
    return rows.length;
  }

  /** The id to lock for the `_id` field of an edit form, which arrives JSON-encoded or bare. */
  function formIdOrRaw(raw: string | undefined): string {
    try {
      return parseFormId(raw);
    } catch {
      return raw ?? '';
    }
  }

  return {
    async add(upload: MultipartResult): Promise<Story> {
      let made: Media | undefined;
      return afterUpload(
        upload,
        () => made,
        async () => {
          const d = parseInsertData(upload.fields.insertData);
          const got = await mediaOf(upload, d);
          if (!got) throw badRequest(storyMessages.selectFile);
          made = got.media;
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
            created_at: nowIso(),
          };
          await repo.insertStory(db, row);
          changed();
          return repo.toStory(row);
        },
      );
    },

    edit(upload: MultipartResult): Promise<Story> {
      return ctx.locks.run('stories', [formIdOrRaw(upload.fields._id)], () => editNow(upload));
    },

    /** Deletes all the listed stories of the kind, or none when one is unknown; then their files. */
    remove(ids: readonly string[], ads: boolean): Promise<number> {
      return ctx.locks.run('stories', ids, () => removeNow(ids, ads));
    },

    async list(ads: boolean, page: number, limit: number) {
      const [{ rows, total }, first] = await Promise.all([
        repo.listStories(db, ads, page, limit),
        repo.firstStoryVideo(db),
      ]);
      return {
        data: rows.map(repo.toStory),
        total,
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
        changed();
        return repo.toStory({ ...row, status: toDbBool(status) });
      });
    },

    /** What the app shows: active stories and ads whose limit is off or not reached. */
    async shown(): Promise<{ data: AppStory[]; ads: AppStory[] }> {
      const rows = (await repo.listShownStories(db)).map((row) => toAppStory(repo.toStory(row)));
      return { data: rows.filter((s) => !s.adsStory), ads: rows.filter((s) => s.adsStory) };
    },
  };
}

export type StoriesService = ReturnType<typeof createStoriesService>;
