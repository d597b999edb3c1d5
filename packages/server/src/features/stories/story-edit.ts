import { DEFAULT_STORY_TIME, storyMessages, type Story } from '@streamdesk/contract/stories';
import { EDIT_VERSION_FIELD } from '@streamdesk/contract/edit-versions';
import { nowIso, toDbBool } from '../../platform/db/values.js';
import { whenCommitted } from '../../platform/db/write-scope.js';
import { holdFromRun, queuedColumns } from '../../platform/media/video-queue.repository.js';
import {
  checkEditVersion,
  editVersionOf,
  readEditVersion,
} from '../../platform/edit-versions/edit-versions.js';
import { badRequest } from '../../platform/errors.js';
import type { storyEditForm } from '@streamdesk/contract/stories';
import type { z } from 'zod';
import type { Media, StoryFiles, StoryUpload } from './story-files.js';
import { limitColumns, parseFormId, parseInsertData } from './story-form.js';
import * as repo from './stories.repository.js';
import { noteActivity } from '../../platform/activity/activity-recorder.js';
import { itemLabel } from '../../platform/activity/item-label.js';

/**
 * What an admin edits of a story: the version the edit page sends back covers these, and not the view
 * and click counts, which the app changes every second (docs/decisions/0009-edit-conflicts.md), nor the
 * processing of its video (state, progress, hls) or the video's URL, which the processing's faststart
 * remux moves to a new file: an open edit page saves after it. A new video still changes the version:
 * each upload makes its own thumbnail (`thembnal`), which the remux keeps (0059).
 */
const EDITABLE_FIELDS = [
  'status',
  'NTV',
  'NTV_ID',
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

export const storyVersion = (story: Story) => editVersionOf(story, EDITABLE_FIELDS);

/**
 * Edits a story from its form (call it under the story's record lock): refused (409) when the story
 * changed since the edit page loaded it; a new file replaces the old ones, which are removed after.
 */
/** A story in the activity log: `story "Open"` by its button, or `story #id`. */
export const storyLabel = (row: repo.StoryRow) =>
  itemLabel('stories', { name: row.btn_name }, row.id).replace(
    /^story/,
    row.ads_story === 1 ? 'story ad' : 'story',
  );

/** Every file a story row names: its video or image, thumbnail, and its video's HLS ladder once made. */
const filesOf = (row: repo.StoryRow) => [
  row.video,
  row.image,
  row.thembnal,
  row.hls,
  ...(row.hls_files ? row.hls_files.split(' ') : []),
];

export function createStoryEdit(deps: {
  db: repo.Db;
  files: StoryFiles;
  getRow: (id: string, ads: boolean | undefined) => Promise<repo.StoryRow>;
  changed: () => void;
  /** Wakes the processing queue once the write that queued a new video has committed. */
  queued: () => void;
}) {
  const { db, files, getRow, changed, queued } = deps;
  const { afterUpload, mediaOf, removeFiles } = files;
  async function editNow(fields: z.output<typeof storyEditForm>, upload: StoryUpload): Promise<Story> {
    let made: Media | undefined;
    const { old, next } = await afterUpload(
      () => made,
      async () => {
        const id = parseFormId(fields._id);
        const sent = readEditVersion(fields[EDIT_VERSION_FIELD]);
        const old = await getRow(id, undefined);
        // Under the story's lock: what the edit page loaded is what is stored now, or nothing is written.
        checkEditVersion(
          sent,
          storyVersion(repo.toStory(old)),
          old.ads_story === 1 ? storyMessages.conflictThingAd : storyMessages.conflictThing,
        );
        const d = parseInsertData(fields.insertData, { adsStory: old.ads_story === 1 });
        const got = await mediaOf(upload, d);
        if (got && !d.NTV) made = got.media;
        const keep: Media = { video: old.video, image: old.image, thembnal: old.thembnal };
        const nextMedia = got?.media ?? keep;
        if (!d.NTV && !nextMedia.video && !nextMedia.image) throw badRequest(storyMessages.selectFile);
        const isVideo = Boolean(nextMedia.video);
        // New files (or none, for an NTV ad) replace the story's: its processing starts again for a new
        // video (a run under way loses the old one), and the files replaced are read as they are now.
        // Without new files the file and processing columns are left alone, so a run finishing meanwhile
        // keeps its remuxed MP4 and ladder (0059).
        const current = (got && (await holdFromRun(db, 'stories', id))) || old;
        const set = {
          status: toDbBool(d.status ?? old.status === 1),
          ntv: toDbBool(d.NTV),
          ntv_id: d.NTV ? d.NTV_ID : '',
          ...(got ? { ...got.media, ...queuedColumns(nowIso(), isVideo) } : {}),
          story_time: isVideo
            ? (got?.duration ?? old.story_time)
            : (d.storyTime ?? old.story_time ?? DEFAULT_STORY_TIME),
          btn_name: d.btnName,
          btn_url: d.btnUrl,
          ...limitColumns(d),
        };
        await repo.updateStory(db, id, set);
        const next = { ...current, ...set };
        noteActivity({
          itemId: id,
          label: storyLabel(next),
          before: repo.toStory(current),
          after: repo.toStory(next),
        });
        return { old: current, next };
      },
    );
    // Files the story no longer points at (a replaced video's ladder too), once the edit has committed.
    const still = new Set(filesOf(next));
    await whenCommitted(() =>
      removeFiles(filesOf(old).filter((url) => url && !still.has(url))).then(() => {}),
    );
    changed();
    if (next.state === 'queued') queued();
    return repo.toStory(next);
  }

  return editNow;
}
