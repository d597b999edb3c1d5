import type { DayCount } from '@streamdesk/contract/analytics';
import { enGbDay, type DayRange } from '@streamdesk/contract/date-ranges';

export interface ChartPoint {
  day: string;
  date: string;
  count: number;
}

/**
 * The most days a chart fills with zeros from end to end of its range: past every quick range (This Year,
 * 366 days) and the custom ranges an admin looks at. A longer range, typed by hand, fills only from its
 * first to its last counted day, so a range of centuries does not draw a million points.
 */
export const MAX_FILLED_DAYS = 1000;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * Sums per day, sorted by day, labelled with the en-GB date (doc 2 section 2), with a 0 for each day of
 * the range without counts, so the line falls to 0 there rather than joining the counted days straight
 * (clicks on 21/11 and 23/11 are not a line at 1 through 22/11). Without a range, or past
 * MAX_FILLED_DAYS, the days between the first and the last counted one are filled. Days after `today`
 * have not happened: they are not drawn, rather than drawn as zeros (issue 36).
 */
export function toSeries(items: readonly DayCount[], range?: DayRange, today?: string): ChartPoint[] {
  const byDay = new Map<string, number>();
  for (const item of items) {
    const day = item.createdAt.slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + item.count);
  }
  const counted = [...byDay.keys()].sort();
  const whole = range && dayNumber(range.endDate) - dayNumber(range.startDate) < MAX_FILLED_DAYS;
  const [first, end] = whole ? [range.startDate, range.endDate] : [counted[0], counted.at(-1)];
  const last = today !== undefined && end !== undefined && end > today ? today : end;
  if (first === undefined || last === undefined) return [];
  const points: ChartPoint[] = [];
  for (let n = dayNumber(first); n <= dayNumber(last); n++) {
    const day = dayOf(n);
    points.push({ day, date: enGbDay(day), count: byDay.get(day) ?? 0 });
  }
  return points;
}

/** One CSV row per day of the range that has views or clicks. */
export function toCsv(views: readonly ChartPoint[], clicks: readonly ChartPoint[]): string {
  const days = new Map<string, { views: number; clicks: number }>();
  for (const p of views) days.set(p.day, { views: p.count, clicks: 0 });
  for (const p of clicks) days.set(p.day, { views: days.get(p.day)?.views ?? 0, clicks: p.count });
  const rows = [...days]
    .filter(([, c]) => c.views > 0 || c.clicks > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  return ['date,views,clicks', ...rows.map(([day, c]) => `${day},${c.views},${c.clicks}`)].join('\n') + '\n';
}
