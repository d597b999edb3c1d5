import { DEFAULT_STORY_TIME, storyMessages, type Story } from '@streamdesk/contract/stories';
import { EDIT_VERSION_FIELD } from '@streamdesk/contract/edit-versions';
import { toDbBool } from '../../platform/db/values.js';
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

export function createStoryEdit(deps: {
  db: repo.Db;
  files: StoryFiles;
  getRow: (id: string, ads: boolean | undefined) => Promise<repo.StoryRow>;
  changed: () => void;
}) {
  const { db, files, getRow, changed } = deps;
  const { afterUpload, mediaOf, removeMedia } = files;
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
        const next = { ...old, ...set };
        noteActivity({
          itemId: id,
          label: storyLabel(next),
          before: repo.toStory(old),
          after: repo.toStory(next),
        });
        return { old, next };
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

  return editNow;
}
