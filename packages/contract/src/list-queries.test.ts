import { describe, expect, it } from 'vitest';
import { fireHistoryQuery, liveMatchListQuery } from './live-matches.js';
import { historyQuery } from './notifications.js';

/** The search and order of the live match, fire history and notification lists (issue 36, decision 0052). */
describe('list queries with q and sort', () => {
  const lists = [
    ['live matches', liveMatchListQuery, 'date, -date, title, -title, views, -views'],
    ['fire history', fireHistoryQuery, 'date, -date, name, -name, views, -views, clicks, -clicks'],
    ['notification history', historyQuery, 'date, -date, title, -title'],
  ] as const;

  it.each(lists)('%s: newest first and no search when the query has neither', (_, query) => {
    expect(query.parse({})).toMatchObject({ page: 1, sort: '-date' });
    expect(query.parse({}).q).toBeUndefined();
  });

  it.each(lists)('%s: takes each order and a trimmed search', (_, query, orders) => {
    for (const sort of orders.split(', ')) expect(query.parse({ sort }).sort).toBe(sort);
    expect(query.parse({ q: '  India  ' }).q).toBe('India');
  });

  it.each(lists)('%s: refuses another order, naming the ones it takes', (_, query, orders) => {
    for (const sort of ['size', 'date ', 'DATE', '--date', '']) {
      const result = query.safeParse({ sort });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(`sort must be one of ${orders}`);
    }
    expect(query.safeParse({ q: 'x'.repeat(201) }).error?.issues[0]?.message).toBe(
      'q must be at most 200 characters',
    );
  });
});
