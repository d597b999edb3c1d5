import type { DayCount } from '@streamdesk/contract/analytics';
import { enGbDay } from '@streamdesk/contract/date-ranges';

export interface ChartPoint {
  day: string;
  date: string;
  count: number;
}

/** Sums per day, sorted by day, labelled with the en-GB date (doc 2 section 2). */
export function toSeries(items: readonly DayCount[]): ChartPoint[] {
  const byDay = new Map<string, number>();
  for (const item of items) {
    const day = item.createdAt.slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + item.count);
  }
  return [...byDay]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, count]) => ({ day, date: enGbDay(day), count }));
}

/** One CSV row per day of the range that has views or clicks. */
export function toCsv(views: readonly ChartPoint[], clicks: readonly ChartPoint[]): string {
  const days = new Map<string, { views: number; clicks: number }>();
  for (const p of views) days.set(p.day, { views: p.count, clicks: 0 });
  for (const p of clicks) days.set(p.day, { views: days.get(p.day)?.views ?? 0, clicks: p.count });
  const rows = [...days].sort(([a], [b]) => a.localeCompare(b));
  return ['date,views,clicks', ...rows.map(([day, c]) => `${day},${c.views},${c.clicks}`)].join('\n') + '\n';
}
