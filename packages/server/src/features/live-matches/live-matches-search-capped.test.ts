import { describe } from 'vitest';
import { liveMatchRoutes as routes, type LiveMatchListReply } from '@streamdesk/contract/live-matches';
import { cappedSearchTests, rowDate } from '../../test/capped-search-rows.js';
import type { LiveMatchRow } from './live-matches.repository.js';

/**
 * The live match list's search counts at most SEARCH_COUNT_MAX matches, as the library's (0063): past it
 * the reply says `totalCapped` and each page stays the matches' slice, newest or oldest first (a walk of
 * the date index) or most viewed first (read and sorted); under it and without a search the count is exact.
 */
describe('the live match search count, bounded', () => {
  cappedSearchTests<LiveMatchListReply>({
    table: 'live_matches',
    path: routes.list.path,
    prefix: '5d',
    nameOf: (m) => m.title,
    sort: { oldest: 'date', mostViewed: '-views' },
    rowOf: (m, i): LiveMatchRow => ({
      id: m.id,
      title: m.name,
      url: `https://live.example.com/${i}`,
      thumbnail: '/media/live-matches/x.png',
      view: m.view,
      status: 1,
      created_at: rowDate(i),
      planned_start: null,
      planned_end: null,
      start_job: null,
      end_job: null,
      planned_note: '',
    }),
  });
});
