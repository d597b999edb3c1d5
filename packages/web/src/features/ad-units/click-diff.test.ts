import { WEB_CLICKS_IOS_KEY } from '@streamdesk/contract/ad-units';
import { beforeEach, describe, expect, it } from 'vitest';
import { clickGains, readSnapshot, writeSnapshot } from './click-diff';

beforeEach(() => localStorage.clear());

describe('web_clicks_ios snapshot', () => {
  it('keeps counts per range and survives garbage', () => {
    localStorage.setItem(WEB_CLICKS_IOS_KEY, 'not json');
    expect(readSnapshot()).toEqual({});
    writeSnapshot('2026-03-01..2026-03-01', { a: 2 });
    writeSnapshot('2026-03-02..2026-03-02', { a: 5 });
    expect(readSnapshot()).toEqual({
      '2026-03-01..2026-03-01': { a: 2 },
      '2026-03-02..2026-03-02': { a: 5 },
    });
  });

  it('keeps only the most recent ranges', () => {
    for (let i = 0; i < 20; i++) writeSnapshot(`r${i}`, { a: i });
    const kept = Object.keys(readSnapshot());
    expect(kept).toHaveLength(12);
    expect(kept.at(-1)).toBe('r19');
  });
});

describe('clickGains', () => {
  it('counts only increases of ads seen before', () => {
    const ads = [
      { _id: 'a', a_click: 7 },
      { _id: 'b', a_click: 1 },
      { _id: 'c', a_click: 4 },
    ];
    expect(clickGains({ a: 5, b: 3 }, ads)).toEqual({ a: 2, b: 0, c: 0 });
    expect(clickGains(undefined, ads)).toEqual({ a: 0, b: 0, c: 0 });
  });
});
