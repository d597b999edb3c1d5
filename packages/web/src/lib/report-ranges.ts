import { rangeInQuery, type RangeChoice } from '@streamdesk/contract/analytics';
import { quickRange, type DayRange, type QuickRangeKey } from '@streamdesk/contract/date-ranges';
import { runtimeConfig } from './runtime-config';

/*
 * The screens' ranges are in calendar days of the server's reporting time zone (REPORT_TIME_ZONE, handed
 * over in /runtime-config.js), the days it counts events on: with any other zone, Today would ask for a
 * day the counts of this morning or last night are not on.
 */

/** A quick range as on today. */
export const reportQuickRange = (key: QuickRangeKey): DayRange =>
  quickRange(key, new Date(), runtimeConfig().reportTimeZone);

/** The range a URL's query carries (`rangeInQuery`), its quick range named as on today. */
export const reportRangeInQuery = (query: { get(name: string): string | null }): RangeChoice =>
  rangeInQuery(query, new Date(), runtimeConfig().reportTimeZone);
