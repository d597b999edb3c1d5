/**
 * A count as `toLocaleString('en-US')` writes it ('10,000'), without Intl for a whole number: a page's first
 * Intl call builds ICU's number formatter, 25-140 ms with the CPU slowed 4x, and a list's 'Showing 1–25 of
 * 100 stories' or the controller's 'App opens counted' was that first call, in the render that shows the
 * screen's data (bench/notes/web.md, 2026-12-05). Anything else (a fraction, past 2^53) goes to Intl.
 */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
