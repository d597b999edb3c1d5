import {
  LIVE_ADS_HISTORY_PAGE_SIZE,
  type AdFire,
  type FireHistorySort,
} from '@streamdesk/contract/live-matches';
import { useQuery } from '@tanstack/react-query';
import { fireHistoryQuery, type ListView } from '../api';

/**
 * Rows on one page of the Live Ads History screen. The API page stays the spec's 1,000; the screen shows
 * it 100 rows at a time, so that the page stays light (see docs/decisions/0017-live-matches.md).
 */
export const HISTORY_ROWS_PER_PAGE = 100;
const SCREEN_PAGES_PER_CALL = LIVE_ADS_HISTORY_PAGE_SIZE / HISTORY_ROWS_PER_PAGE;

const NO_ROWS: AdFire[] = [];

/** The API page (of 1,000 rows) that holds screen page `page` (of 100). */
export const apiPageOf = (page: number) => Math.ceil(page / SCREEN_PAGES_PER_CALL);

/**
 * Screen page `page` of the fire history, searched and ordered: its rows, the reply (totals, or the
 * failure to show), and how many screen pages there are, from the reply's `total` of fires (those found).
 */
export function useFireHistoryPage({ page, q, sort }: ListView<FireHistorySort>) {
  const apiPage = apiPageOf(page);
  const query = useQuery(fireHistoryQuery({ page: apiPage, q, sort }));
  const reply = query.data;
  const history = reply?.status ? reply : undefined;
  // Rows kept from another API page while this one loads belong to other screen pages: none are shown.
  const loading = query.isPending || query.isPlaceholderData;
  const offset = ((page - 1) % SCREEN_PAGES_PER_CALL) * HISTORY_ROWS_PER_PAGE;
  const rows = history && !loading ? history.data.slice(offset, offset + HISTORY_ROWS_PER_PAGE) : NO_ROWS;

  return {
    reply,
    /** Loads the API page again (the list's Retry). */
    refetch: query.refetch,
    history,
    rows,
    loading,
    /** How many rows come before this page's first. */
    before: (apiPage - 1) * LIVE_ADS_HISTORY_PAGE_SIZE + offset,
    /** All the fires (those the search found), once known. */
    total: history?.total,
    totalPages: history ? Math.max(1, Math.ceil(history.total / HISTORY_ROWS_PER_PAGE)) : 1,
  };
}
