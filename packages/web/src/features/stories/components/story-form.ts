import { DECIMAL_TEXT } from '@streamdesk/contract/http';
import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import {
  applyLimitType,
  DEFAULT_STORY_TIME,
  STORY_MAX_LIMIT,
  STORY_MAX_SECONDS,
  STORY_TEXT_MAX,
  isStoryButtonUrl,
  limitTypeOf,
  storyFieldMessages,
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

/**
 * Limits are integers >= 0; anything non-numeric becomes 0 (doc 1 section 5). A negative number is not
 * turned into 0: the form refuses it first (`limitProblem`).
 */
export function toLimit(text: string): number {
  const n = Math.floor(Number(text));
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

/** The form value that holds the limit of the chosen type (None: none). */
export const limitKeyOf = (type: StoryLimitType) => (type === 'Click' ? 'clickLimit' : 'viewLimit');
/** The limit field's label, as Limit Settings shows it. */
export const limitLabelOf = (type: StoryLimitType) => `${type} Limit`;

/**
 * What is wrong with the chosen limit: a negative number, or one past STORY_MAX_LIMIT. Text that is no
 * number is not a problem: it becomes 0, as the spec says.
 */
export function limitProblem(v: StoryFormValues): string | undefined {
  if (v.limitType === 'None') return undefined;
  const text = v[limitKeyOf(v.limitType)].trim();
  if (!DECIMAL_TEXT.test(text)) return undefined;
  const label = limitLabelOf(v.limitType);
  const n = Number(text);
  if (n < 0) return storyFieldMessages.limitNegative(label);
  if (n > STORY_MAX_LIMIT) return storyFieldMessages.limitTooLarge(label);
  return undefined;
}

/**
 * A limit that is on at 0 is reached at once: the story is saved Active, but the app leaves it out
 * (0016-stories.md). Taken as it is, with this warning under the field.
 */
export function limitWarning(v: StoryFormValues): string | undefined {
  if (v.limitType === 'None' || limitProblem(v)) return undefined;
  return toLimit(v[limitKeyOf(v.limitType)]) === 0
    ? storyFieldMessages.limitZero(limitLabelOf(v.limitType))
    : undefined;
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
export type StoryField = 'ntvId' | 'storyTime' | 'btnName' | 'btnUrl' | 'file' | 'viewLimit' | 'clickLimit';
export type StoryFormErrors = Partial<Record<StoryField, string>>;

/** A text longer than the contract stores, in the words of the field's label. */
const tooLong = (text: string, label: string, max: number) =>
  text.trim().length > max ? storyFieldMessages.tooLong(label, max) : undefined;

/** Drops the fields without a problem. */
const only = (found: StoryFormErrors): StoryFormErrors =>
  Object.fromEntries(Object.entries(found).filter(([, message]) => message !== undefined));

/**
 * Every problem with the form, by field, in the spec's words or the field's own (none: an empty object).
 * NTV needs only its Native Ad ID; Image needs a timing; Video and Image need the button fields and a
 * file, unless the story being edited keeps its media (`hasMedia`). Texts and the limit are held to the
 * contract's maxima, so the server's 'insertData.<key>: ...' is never what the admin reads.
 */
export function formProblems(
  v: StoryFormValues,
  file: File | undefined,
  hasMedia: boolean,
  buttonNameLabel = 'Button Name',
): StoryFormErrors {
  const found: StoryFormErrors = {};
  if (v.limitType !== 'None') found[limitKeyOf(v.limitType)] = limitProblem(v);
  if (v.type === 'NTV') {
    found.ntvId = v.ntvId.trim()
      ? tooLong(v.ntvId, storyMessages.ntvIdLabel, STORY_TEXT_MAX.NTV_ID)
      : storyMessages.ntvIdRequired;
    return only(found);
  }
  if (v.type === 'Image') {
    const t = Number(v.storyTime);
    if (v.storyTime.trim() === '' || !Number.isFinite(t) || t < 0)
      found.storyTime = storyMessages.timingRequired;
    else if (t > STORY_MAX_SECONDS) found.storyTime = storyMessages.timingTooLong;
  }
  found.btnName = v.btnName.trim()
    ? tooLong(v.btnName, buttonNameLabel, STORY_TEXT_MAX.btnName)
    : storyMessages.btnNameRequired;
  if (!v.btnUrl.trim()) found.btnUrl = storyMessages.btnUrlRequired;
  else
    found.btnUrl =
      tooLong(v.btnUrl, 'Button URL', STORY_TEXT_MAX.btnUrl) ??
      (isStoryButtonUrl(v.btnUrl.trim()) ? undefined : storyMessages.btnUrlInvalid);
  if (!file && !hasMedia) found.file = storyMessages.selectFile;
  return only(found);
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
