import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import { SHORTCUT_MAX_NUMBER, shortcutMessages } from '@streamdesk/contract/shortcut-stories';
import { describe, expect, it } from 'vitest';
import { isPositiveWhole, shortcutImageProblem } from './image-check';
import { draftProblem } from './shortcut-table';

const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'x', { type });
const draft = { s_no: '1', name: 'N', label: 'AD', url: 'https://x', clickCount: '0', image: null };

describe('shortcut form checks', () => {
  it('accepts GIF and PNG up to 1 MB only', () => {
    expect(shortcutImageProblem(file('image/png'))).toBeUndefined();
    expect(shortcutImageProblem(file('image/gif'))).toBeUndefined();
    expect(shortcutImageProblem(file('image/jpeg'))).toBe(mediaMessages.gifPng);
    expect(shortcutImageProblem(file('image/png', mediaLimits.image + 1))).toBe(mediaMessages.imageSize);
  });

  it('takes empty or whole non-negative numbers', () => {
    expect(['', '0', '12', ' 3 '].every(isPositiveWhole)).toBe(true);
    expect(['-1', '1.5', 'abc'].some(isPositiveWhole)).toBe(false);
  });

  it('names the first problem of an inline edit in the spec words', () => {
    expect(draftProblem(draft)).toBeUndefined();
    expect(draftProblem({ ...draft, name: ' ' })).toBe(shortcutMessages.nameRequired);
    expect(draftProblem({ ...draft, label: '' })).toBe(shortcutMessages.labelRequired);
    expect(draftProblem({ ...draft, url: '' })).toBe(shortcutMessages.urlEditRequired);
    expect(draftProblem({ ...draft, url: 'javascript:alert(1)' })).toBe(shortcutMessages.urlScheme);
    expect(draftProblem({ ...draft, s_no: '' })).toBe(shortcutMessages.sNoRequired);
    expect(draftProblem({ ...draft, s_no: '-1' })).toBe(shortcutMessages.positive);
    expect(draftProblem({ ...draft, clickCount: '-4' })).toBe(shortcutMessages.positive);
    expect(draftProblem({ ...draft, image: file('video/mp4') })).toBe(mediaMessages.gifPng);
  });

  it('says which number is too large, at the contract maximum', () => {
    const max = String(SHORTCUT_MAX_NUMBER);
    const over = String(SHORTCUT_MAX_NUMBER + 1);
    expect(draftProblem({ ...draft, s_no: max, clickCount: max })).toBeUndefined();
    expect(draftProblem({ ...draft, s_no: over })).toBe(shortcutMessages.noTooLarge);
    expect(draftProblem({ ...draft, clickCount: '2000000000' })).toBe(shortcutMessages.clickTooLarge);
    expect(shortcutMessages.clickTooLarge).toBe('Click is too large: it must be at most 1,000,000,000');
  });
});
