import { WEB_CLICKS_IOS_KEY, type DayRange } from '@streamdesk/contract/ad-units';
import { useEffect, useRef } from 'react';

/**
 * The Apple website ads page shows a green '(+n)': clicks gained since the counts last seen in this
 * browser (doc 2 sections 2 and 3), kept under `web_clicks_ios`. Counts depend on the date range, so
 * the snapshot is kept per range (`start..end`), for the few most recent ranges.
 */
type Snapshot = Record<string, Record<string, number>>;
const MAX_RANGES = 12;

export const rangeKey = (range: DayRange) => `${range.startDate}..${range.endDate}`;

export function readSnapshot(storage: Storage = localStorage): Snapshot {
  try {
    const value: unknown = JSON.parse(storage.getItem(WEB_CLICKS_IOS_KEY) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Snapshot) : {};
  } catch {
    return {};
  }
}

export function writeSnapshot(key: string, counts: Record<string, number>, storage: Storage = localStorage) {
  const snapshot = readSnapshot(storage);
  delete snapshot[key];
  const kept = Object.entries(snapshot).slice(-(MAX_RANGES - 1));
  storage.setItem(WEB_CLICKS_IOS_KEY, JSON.stringify(Object.fromEntries([...kept, [key, counts]])));
}

/** Clicks gained per ad against a previous snapshot; ads not in it, or with fewer clicks, gain 0. */
export function clickGains(
  previous: Record<string, number> | undefined,
  ads: readonly { _id: string; a_click?: number }[],
): Record<string, number> {
  const gains: Record<string, number> = {};
  for (const ad of ads) {
    const before = previous?.[ad._id];
    const now = ad.a_click ?? 0;
    gains[ad._id] = before !== undefined && now > before ? now - before : 0;
  }
  return gains;
}

/**
 * The gains of this visit: each range is compared with the snapshot found when it was first shown on
 * this visit, and the snapshot is then replaced with the latest counts for the next visit.
 */
export function useClickGains(
  enabled: boolean,
  range: DayRange,
  ads: readonly { _id: string; a_click?: number }[] | undefined,
): Record<string, number> {
  const baselines = useRef(new Map<string, Record<string, number> | undefined>());
  const key = rangeKey(range);
  if (enabled && ads && !baselines.current.has(key)) baselines.current.set(key, readSnapshot()[key]);

  useEffect(() => {
    if (!enabled || !ads) return;
    writeSnapshot(key, Object.fromEntries(ads.map((a) => [a._id, a.a_click ?? 0])));
  }, [enabled, key, ads]);

  return enabled && ads ? clickGains(baselines.current.get(key), ads) : {};
}
