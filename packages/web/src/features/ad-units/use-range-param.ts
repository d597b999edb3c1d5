import { withRangeParams, type RangeChoice } from '@streamdesk/contract/analytics';
import { useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { reportRangeInQuery } from '@/lib/report-ranges';

/** The history state of the list's own range writes, to tell them from a move of the URL made elsewhere. */
const OWN_WRITE = { adRangeWrite: true } as const;

/**
 * The website ads list's range, kept in the URL (`?startDate&endDate`, Today left out) so that a reload,
 * Back from the dashboard a count opens, or a bookmark finds it again. A quick range adds a history entry,
 * as a list's filter does; a date typed after a typed date replaces it.
 *
 * The range shown is held in state too: the router renders a URL change in a transition, after the next
 * event, and a second quick date edit read from the URL would build on the range before the first one
 * (docs/decisions/0014-ad-units.md). A move of the URL made elsewhere (Back, a link) is followed.
 */
export function useRangeParam(): [RangeChoice, (next: RangeChoice) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigationType();
  const [shown, setShown] = useState(() => ({ key: location.key, range: reportRangeInQuery(params) }));
  if (shown.key !== location.key) {
    const own = navigation !== 'POP' && (location.state as typeof OWN_WRITE | null)?.adRangeWrite === true;
    setShown({ key: location.key, range: own ? shown.range : reportRangeInQuery(params) });
  }

  const setRange = (next: RangeChoice) => {
    const replace = next.preset === 'custom' && shown.range.preset === 'custom';
    setShown((before) => ({ ...before, range: next }));
    setParams((current) => withRangeParams(current, next), { replace, state: OWN_WRITE });
  };
  return [shown.range, setRange];
}
