import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_MAX } from './http.js';
import { inHouseListReply } from './inhouse-ads.js';

/** The in-house ads' list reply keeps the spec's fields and adds whether a search's count stopped (0063). */
describe('the in-house ads list reply', () => {
  const reply = {
    status: true,
    message: 'ok',
    data: [],
    totalPages: 10,
    total: SEARCH_COUNT_MAX,
    InHouseAdsStatus: false,
  };

  it('says whether the count stopped at the cap', () => {
    expect(inHouseListReply.parse({ ...reply, totalCapped: true }).totalCapped).toBe(true);
    expect(inHouseListReply.parse({ ...reply, totalCapped: false })).toEqual({
      ...reply,
      totalCapped: false,
    });
  });

  it('requires it as a boolean', () => {
    expect(inHouseListReply.safeParse(reply).success).toBe(false);
    expect(inHouseListReply.safeParse({ ...reply, totalCapped: 'yes' }).success).toBe(false);
  });
});
