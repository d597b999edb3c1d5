import { describe, expect, it } from 'vitest';
import { reelListQuery } from './reels.js';
import { storyListQuery } from './stories.js';

/** The story and reel lists' `q` and `sort` (issue 36, docs/decisions/0051). */

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('story and reel list queries', () => {
  it('keep the order of today when none is asked: newest first, no search', () => {
    expect(storyListQuery.parse({})).toMatchObject({ page: 1, limit: 200, sort: '-date' });
    expect(storyListQuery.parse({}).q).toBeUndefined();
    expect(reelListQuery.parse({ page: '1', limit: '20', a: 'true' })).toMatchObject({ sort: '-date' });
  });

  it('take each column either way', () => {
    for (const sort of ['date', '-date', 'view', '-view', 'click', '-click'])
      expect(storyListQuery.parse({ sort }).sort).toBe(sort);
    for (const sort of ['name', '-name', 'view', '-click'])
      expect(reelListQuery.parse({ sort }).sort).toBe(sort);
  });

  it('refuse an unknown order, naming the ones they take', () => {
    expect(messages(storyListQuery.safeParse({ sort: 'name' }))).toEqual([
      'sort must be one of date, -date, view, -view, click, -click',
    ]);
    expect(messages(reelListQuery.safeParse({ sort: 'size' }))).toEqual([
      'sort must be one of date, -date, view, -view, click, -click, name, -name',
    ]);
    expect(storyListQuery.safeParse({ sort: 'VIEW' }).success).toBe(false);
  });

  it('trim the search and refuse one over 200 characters', () => {
    expect(storyListQuery.parse({ q: '  goal  ' }).q).toBe('goal');
    expect(reelListQuery.parse({ q: '   ' }).q).toBe('');
    expect(messages(reelListQuery.safeParse({ q: 'x'.repeat(201) }))).toEqual([
      'q must be at most 200 characters',
    ]);
  });
});
