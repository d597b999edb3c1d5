import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import {
  applyLimitType,
  DEFAULT_STORY_TIME,
  STORY_MAX_SECONDS,
  isStoryButtonUrl,
  limitTypeOf,
  storyMessages,
  storyTypeOf,
  type Story,
  type StoryInsertInput,
  type StoryLimitType,
  type StoryType,
} from '@streamdesk/contract/stories';

/** What the story forms hold (text inputs keep text until sent). */
export interface StoryFormValues {
  type: StoryType;
  storyTime: string;
  btnName: string;
  btnUrl: string;
  ntvId: string;
  limitType: StoryLimitType;
  viewLimit: string;
  clickLimit: string;
  status: boolean;
}

export const emptyStoryForm: StoryFormValues = {
  type: 'Video',
  storyTime: String(DEFAULT_STORY_TIME),
  btnName: '',
  btnUrl: '',
  ntvId: '',
  limitType: 'None',
  viewLimit: '0',
  clickLimit: '0',
  status: true,
};

/** A loaded story as form values; the limit type is derived click first, then view (doc 1 section 4). */
export function formOf(story: Story): StoryFormValues {
  return {
    type: storyTypeOf(story),
    storyTime: String(story.storyTime),
    btnName: story.btnName,
    btnUrl: story.btnUrl,
    ntvId: story.NTV_ID,
    limitType: limitTypeOf(story),
    viewLimit: String(story.maxviewLimit),
    clickLimit: String(story.maxclickLimit),
    status: story.status,
  };
}

/** Limits are integers >= 0; anything non-numeric becomes 0 (doc 1 section 5). */
export function toLimit(text: string): number {
  const n = Math.floor(Number(text));
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

export function toInsertData(v: StoryFormValues, adsStory: boolean): StoryInsertInput {
  const ntv = v.type === 'NTV';
  const limits = applyLimitType(
    {
      maxviewLimit: toLimit(v.viewLimit),
      maxviewStatus: v.limitType === 'View',
      maxclickLimit: toLimit(v.clickLimit),
      maxclickStatus: v.limitType === 'Click',
    },
    v.limitType,
  );
  return {
    adsStory,
    NTV: ntv,
    NTV_ID: ntv ? v.ntvId.trim() : '',
    btnName: ntv ? '' : v.btnName.trim(),
    btnUrl: ntv ? '' : v.btnUrl.trim(),
    ...(ntv || v.type === 'Video' ? {} : { storyTime: Number(v.storyTime) }),
    status: v.status,
    ...limits,
  };
}

/** The fields a problem can be shown under. */
export type StoryField = 'ntvId' | 'storyTime' | 'btnName' | 'btnUrl' | 'file';
export type StoryFormErrors = Partial<Record<StoryField, string>>;

/**
 * Every problem with the form, by field, in the spec's words (none: an empty object). NTV needs only
 * its Native Ad ID; Image needs a timing; Video and Image need the button fields and a file, unless the
 * story being edited keeps its media (`hasMedia`).
 */
export function formProblems(v: StoryFormValues, file: File | undefined, hasMedia: boolean): StoryFormErrors {
  if (v.type === 'NTV') return v.ntvId.trim() ? {} : { ntvId: storyMessages.ntvIdRequired };
  const found: StoryFormErrors = {};
  if (v.type === 'Image') {
    const t = Number(v.storyTime);
    if (v.storyTime.trim() === '' || !Number.isFinite(t) || t < 0)
      found.storyTime = storyMessages.timingRequired;
    else if (t > STORY_MAX_SECONDS) found.storyTime = storyMessages.timingTooLong;
  }
  if (!v.btnName.trim()) found.btnName = storyMessages.btnNameRequired;
  if (!v.btnUrl.trim()) found.btnUrl = storyMessages.btnUrlRequired;
  else if (!isStoryButtonUrl(v.btnUrl.trim())) found.btnUrl = storyMessages.btnUrlInvalid;
  if (!file && !hasMedia) found.file = storyMessages.selectFile;
  return found;
}

/** Checks a chosen file against the type before any upload (the server checks its bytes again). */
export function fileProblem(type: StoryType, file: File): string | undefined {
  const name = file.name.toLowerCase();
  if (type === 'Video') {
    if (!(file.type === 'video/mp4' || name.endsWith('.mp4'))) return mediaMessages.video;
    if (file.size > mediaLimits.video) return mediaMessages.videoSize;
    return undefined;
  }
  const okType = ['image/png', 'image/jpeg', 'image/jpg'].includes(file.type) || /\.(png|jpe?g)$/.test(name);
  if (!okType) return mediaMessages.image;
  if (file.size > mediaLimits.image) return mediaMessages.imageSize;
  return undefined;
}

export const acceptOf = (type: StoryType) =>
  type === 'Video' ? 'video/mp4,.mp4' : 'image/png,image/jpeg,.png,.jpg,.jpeg';
