import { enGbDateTime } from '@streamdesk/contract/format';
import { isoToZoned, zonedToIso } from '@streamdesk/contract/report-days';
import { runtimeConfig } from './runtime-config';

/** Scheduled times are entered and shown as the wall clock of the server's REPORT_TIME_ZONE. */
export const reportZone = () => runtimeConfig().reportTimeZone;

/** A UTC time as that zone's wall clock in the tables' day order, `DD/MM/YYYY HH:mm:ss` (24 h), or a dash. */
export const shownZonedTime = (iso: string | null) =>
  iso ? enGbDateTime(isoToZoned(iso, reportZone())) : '—';

/** shownZonedTime's day and time apart (a cell that breaks between them, BreaksBetween). */
export const shownZonedDayAndTime = (iso: string | null) => {
  const [day = '', time = ''] = shownZonedTime(iso).split(' ');
  return [day, time] as const;
};

/** A datetime-local value, as that zone's wall clock, to UTC ISO. */
export const zonedInputToIso = (local: string) => zonedToIso(local, reportZone());

/** A UTC time as a datetime-local value in that zone. */
export const isoToZonedInput = (iso: string) => isoToZoned(iso, reportZone());
