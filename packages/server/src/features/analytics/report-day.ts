/**
 * The calendar day (YYYY-MM-DD) of a time in the reporting time zone. Days only change on minute
 * boundaries in every real zone, so the answer is cached per minute: the hot path does no Intl work.
 */
export function createDayOf(timeZone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  let cachedMinute = -1;
  let cachedDay = '';
  return (ms) => {
    const minute = Math.floor(ms / 60_000);
    if (minute !== cachedMinute) {
      cachedMinute = minute;
      cachedDay = format.format(new Date(minute * 60_000));
    }
    return cachedDay;
  };
}
