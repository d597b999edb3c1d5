const count = (n: number) => n.toLocaleString('en-US');

/**
 * The line under a paged list: 'Showing 1,001–1,005 of 1,005 fired ads'. `before` is how many rows come
 * before this page's first, `shown` how many it shows; `things` names one and many.
 */
export function showingRange(
  before: number,
  shown: number,
  total: number,
  [one, many]: readonly [string, string],
): string {
  const range = shown === 1 ? count(before + 1) : `${count(before + 1)}–${count(before + shown)}`;
  return `Showing ${range} of ${count(total)} ${total === 1 ? one : many}`;
}
