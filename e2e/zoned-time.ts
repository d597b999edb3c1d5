import { enGbDateTime } from '@streamdesk/contract/format';
import { DEFAULT_REPORT_TIME_ZONE, isoToZoned } from '@streamdesk/contract/report-days';

const zone = process.env.REPORT_TIME_ZONE ?? DEFAULT_REPORT_TIME_ZONE;

/**
 * A time `seconds` from now as a person types it into a date and time field, and as the lists show it:
 * the reporting time zone's wall clock, `DD/MM/YYYY HH:MM:SS` (24 h).
 */
export const typedInZone = (seconds: number) =>
  enGbDateTime(isoToZoned(new Date(Date.now() + seconds * 1000).toISOString(), zone));
