import { countText as count } from '@streamdesk/contract/format';

/**
 * The line under a paged list: 'Showing 1,001–1,005 of 1,005 fired ads'. `before` is how many rows come
 * before this page's first, `shown` how many it shows; `things` names one and many. A total the server
 * stopped counting at (`capped`, 0041) is said with a plus: 'Showing 1–50 of 10,000+ entries'.
 */
export function showingRange(
  before: number,
  shown: number,
  total: number,
  [one, many]: readonly [string, string],
  capped = false,
): string {
  const range = shown === 1 ? count(before + 1) : `${count(before + 1)}–${count(before + shown)}`;
  const of = capped ? `${count(total)}+ ${many}` : `${count(total)} ${total === 1 ? one : many}`;
  return `Showing ${range} of ${of}`;
}
