import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_MAX } from './http.js';
import { adminListReply } from './videos.js';

/** The library's reply keeps the spec's fields and adds whether a search's count stopped (0063). */
describe('the library list reply', () => {
  const reply = { status: true, message: 'ok', data: [], totalPage: 50, totalRecord: SEARCH_COUNT_MAX };

  it('says whether the count stopped at the cap', () => {
    expect(adminListReply.parse({ ...reply, totalCapped: true }).totalCapped).toBe(true);
    expect(adminListReply.parse({ ...reply, totalCapped: false })).toEqual({ ...reply, totalCapped: false });
  });

  it('requires it as a boolean', () => {
    expect(adminListReply.safeParse(reply).success).toBe(false);
    expect(adminListReply.safeParse({ ...reply, totalCapped: 'yes' }).success).toBe(false);
  });
});
