import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import { storyMessages, type Story } from '@streamdesk/contract/stories';
import { describe, expect, it } from 'vitest';
import { emptyStoryForm, fileProblem, formOf, formProblems, toInsertData, toLimit } from './story-form';

const story: Story = {
  _id: 'a'.repeat(24),
  status: true,
  video: '',
  image: '/media/stories/x.png',
  thembnal: '/media/stories/x.png',
  adsStory: false,
  storyTime: 7,
  btnName: 'Go',
  btnUrl: 'https://e.com',
  web_Url: 'https://e.com',
  view: 3,
  clickBtnCount: 1,
  date_time: '2026-01-01T00:00:00.000Z',
  maxviewLimit: 5,
  maxviewStatus: true,
  maxclickLimit: 2,
  maxclickStatus: true,
  NTV: false,
  NTV_ID: '',
};
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
