import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import { STORY_MAX_LIMIT, STORY_TEXT_MAX, storyMessages, type Story } from '@streamdesk/contract/stories';
import { describe, expect, it } from 'vitest';
import {
  emptyStoryForm,
  fileProblem,
  formOf,
  formProblems,
  limitWarning,
  toInsertData,
  toLimit,
} from './story-form';
import { storyRow } from '../test-stories';

const story: Story = storyRow(0, {
  _id: 'a'.repeat(24),
  image: '/media/stories/x.png',
  thembnal: '/media/stories/x.png',
  storyTime: 7,
  view: 3,
  clickBtnCount: 1,
  maxviewLimit: 5,
  maxviewStatus: true,
  maxclickLimit: 2,
  maxclickStatus: true,
});
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('story form rules', () => {
  it('derives the type and the limit type on load: click first, then view, else None', () => {
    expect(formOf(story)).toMatchObject({ type: 'Image', limitType: 'Click' });
    expect(formOf({ ...story, maxclickStatus: false })).toMatchObject({ limitType: 'View' });
    expect(formOf({ ...story, maxclickStatus: false, maxviewStatus: false }).limitType).toBe('None');
    expect(formOf({ ...story, video: '/v.mp4' }).type).toBe('Video');
    expect(formOf({ ...story, NTV: true, adsStory: true }).type).toBe('NTV');
  });

  it('None zeroes both limits, View and Click zero the other; non-numeric limits become 0', () => {
    const base = { ...emptyStoryForm, type: 'Image' as const, viewLimit: '9', clickLimit: '4' };
    expect(toInsertData({ ...base, limitType: 'None' }, false)).toMatchObject({
      maxviewLimit: 0,
      maxviewStatus: false,
      maxclickLimit: 0,
      maxclickStatus: false,
    });
    expect(toInsertData({ ...base, limitType: 'View' }, false)).toMatchObject({
      maxviewLimit: 9,
      maxviewStatus: true,
      maxclickLimit: 0,
      maxclickStatus: false,
    });
    expect(toInsertData({ ...base, limitType: 'Click', clickLimit: 'abc' }, false)).toMatchObject({
      maxviewLimit: 0,
      maxclickLimit: 0,
      maxclickStatus: true,
    });
    expect([toLimit('2.7'), toLimit('-3'), toLimit('')]).toEqual([2, 0, 0]);
  });

  it('sends no timing for videos and NTV, and only the Native Ad ID for NTV', () => {
    expect(toInsertData({ ...emptyStoryForm, type: 'Video' }, false)).not.toHaveProperty('storyTime');
    const ntv = toInsertData({ ...emptyStoryForm, type: 'NTV', ntvId: ' n1 ', btnName: 'x' }, true);
    expect(ntv).toMatchObject({ NTV: true, NTV_ID: 'n1', btnName: '', adsStory: true });
    expect(ntv).not.toHaveProperty('storyTime');
  });

  it('names every problem at once, by field, in the spec words', () => {
    const ok = { ...emptyStoryForm, btnName: 'Go', btnUrl: 'https://e.com' };
    expect(formProblems({ ...ok, type: 'NTV' }, undefined, false)).toEqual({
      ntvId: storyMessages.ntvIdRequired,
    });
    // NTV needs nothing else: no button fields, timing or file.
    expect(formProblems({ ...emptyStoryForm, type: 'NTV', ntvId: 'n1' }, undefined, false)).toEqual({});
    expect(formProblems({ ...ok, type: 'Image', storyTime: '3601' }, undefined, true)).toEqual({
      storyTime: storyMessages.timingTooLong,
    });
    expect(formProblems({ ...ok, type: 'Image', storyTime: '3600' }, undefined, true)).toEqual({});
    expect(formProblems({ ...ok, btnUrl: 'e.com/offer' }, undefined, true)).toEqual({
      btnUrl: storyMessages.btnUrlInvalid,
    });
    expect(formProblems(ok, undefined, false)).toEqual({ file: storyMessages.selectFile });
    expect(formProblems(ok, undefined, true)).toEqual({});
    // An empty image story: all four at once, not the first alone.
    expect(
      formProblems({ ...emptyStoryForm, type: 'Image', storyTime: '-1', btnName: ' ' }, undefined, false),
    ).toEqual({
      storyTime: storyMessages.timingRequired,
      btnName: storyMessages.btnNameRequired,
      btnUrl: storyMessages.btnUrlRequired,
      file: storyMessages.selectFile,
    });
    // A video's timing is not asked for (the field is disabled).
    expect(formProblems({ ...ok, storyTime: '' }, undefined, true)).toEqual({});
  });

  it('refuses a negative limit or one past the maximum under its field, in its own words', () => {
    const ok = { ...emptyStoryForm, btnName: 'Go', btnUrl: 'https://e.com' };
    expect(formProblems({ ...ok, limitType: 'View', viewLimit: '-5' }, undefined, true)).toEqual({
      viewLimit: 'View Limit must be 0 or more',
    });
    expect(formProblems({ ...ok, limitType: 'Click', clickLimit: '99999999999' }, undefined, true)).toEqual({
      clickLimit: 'Click Limit must be at most 1,000,000,000',
    });
    // The edge is taken, and so is 0; non-numeric text becomes 0 (doc 1 section 5); NTV is checked too.
    for (const viewLimit of [String(STORY_MAX_LIMIT), '0', 'abc', ''])
      expect(formProblems({ ...ok, limitType: 'View', viewLimit }, undefined, true)).toEqual({});
    expect(
      formProblems({ ...ok, type: 'NTV', ntvId: 'n1', limitType: 'View', viewLimit: '-1' }, undefined, false),
    ).toEqual({ viewLimit: 'View Limit must be 0 or more' });
    // Only the chosen type's limit counts: the other is zeroed when sent.
    expect(formProblems({ ...ok, limitType: 'View', clickLimit: '-1' }, undefined, true)).toEqual({});
  });

  it('warns that a limit on at 0 keeps the story out of the app, and takes it', () => {
    const warning =
      'With a View Limit of 0 the app will not show this story: raise the limit for it to be seen.';
    expect(limitWarning({ ...emptyStoryForm, limitType: 'View' })).toBe(warning);
    expect(limitWarning({ ...emptyStoryForm, limitType: 'View', viewLimit: 'x' })).toBe(warning);
    expect(limitWarning({ ...emptyStoryForm, limitType: 'Click', clickLimit: '0' })).toMatch(
      /Click Limit of 0/,
    );
    expect(limitWarning({ ...emptyStoryForm, limitType: 'View', viewLimit: '3' })).toBeUndefined();
    expect(limitWarning({ ...emptyStoryForm, limitType: 'View', viewLimit: '-3' })).toBeUndefined();
    expect(limitWarning(emptyStoryForm)).toBeUndefined();
  });

  it('holds the texts to the contract maxima, named as the field is labelled', () => {
    const ok = { ...emptyStoryForm, btnName: 'Go', btnUrl: 'https://e.com' };
    const longUrl = `https://e.com/${'a'.repeat(STORY_TEXT_MAX.btnUrl)}`;
    expect(formProblems({ ...ok, btnUrl: longUrl }, undefined, true)).toEqual({
      btnUrl: 'Button URL must be at most 2,000 characters',
    });
    const longName = 'n'.repeat(STORY_TEXT_MAX.btnName + 1);
    expect(formProblems({ ...ok, btnName: longName }, undefined, true)).toEqual({
      btnName: 'Button Name must be at most 100 characters',
    });
    expect(formProblems({ ...ok, btnName: longName }, undefined, true, 'Button Text')).toEqual({
      btnName: 'Button Text must be at most 100 characters',
    });
    expect(
      formProblems({ ...ok, btnName: ` ${'n'.repeat(STORY_TEXT_MAX.btnName)} ` }, undefined, true),
    ).toEqual({});
    expect(
      formProblems({ ...ok, type: 'NTV', ntvId: 'i'.repeat(STORY_TEXT_MAX.NTV_ID + 1) }, undefined, false),
    ).toEqual({ ntvId: 'Native Ad ID must be at most 200 characters' });
  });

  it('checks a chosen file against the type and the size limits', () => {
    expect(fileProblem('Video', file('a.png', 'image/png'))).toBe(mediaMessages.video);
    expect(fileProblem('Video', file('a.mp4', 'video/mp4'))).toBeUndefined();
    expect(fileProblem('Image', file('a.gif', 'image/gif'))).toBe(mediaMessages.image);
    expect(fileProblem('Image', file('a.jpg', 'image/jpeg'))).toBeUndefined();
    expect(fileProblem('Image', file('a.png', 'image/png', mediaLimits.image + 1))).toBe(
      mediaMessages.imageSize,
    );
  });
});
