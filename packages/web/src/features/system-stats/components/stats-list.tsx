import { liveViewLevel, percentLevel, type StatLevel } from '@streamdesk/contract/system-stats';
import { cn } from '@/lib/cn';
import { polledOldSince } from '@/lib/stats-polling';
import { OldFiguresNote } from '@/ui/old-figures-note';
import { useSystemStats } from '../api';

const levelText: Record<StatLevel, string> = {
  green: 'text-emerald-700',
  yellow: 'text-amber-700',
  red: 'text-red-700',
};
const levelDot: Record<StatLevel, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-500',
  red: 'bg-red-500',
};

interface Stat {
  label: string;
  value: string;
  level: StatLevel | null;
}

/** A percentage as shown, whole, and its colour from that same whole number: 49.9 shows as 50% in yellow. */
const percentStat = (label: string, n: number | undefined): Stat => {
  const shown = n === undefined ? undefined : Math.round(n);
  return {
    label,
    value: shown === undefined ? '–' : `${shown}%`,
    level: shown === undefined ? null : percentLevel(shown),
  };
};

/**
 * CPU, RAM, storage and live viewers, coloured green/yellow/red by the spec's thresholds; dimmed, with the
 * time they are from, once the polls have failed for a while (polledOldSince).
 */
export function StatsList({ layout = 'bar' }: { layout?: 'bar' | 'menu' }) {
  const query = useSystemStats();
  const { data } = query;
  const oldSince = polledOldSince(query);
  const old = oldSince !== undefined;
  const stats: Stat[] = [
    percentStat('CPU', data?.cpuLoad),
    percentStat('RAM', data?.ramUsage),
    percentStat('Storage', data?.storageUsage),
    {
      label: 'Live',
      value: data ? String(data.liveView) : '–',
      level: data ? liveViewLevel(data.liveView) : null,
    },
  ];
  return (
    <section
      aria-label="Server status"
      className={cn('flex gap-1', layout === 'bar' ? 'items-center' : 'flex-col-reverse')}
    >
      <dl
        className={cn(
          layout === 'bar' ? 'flex items-center gap-1' : 'grid grid-cols-2 gap-2',
          old && 'opacity-50',
        )}
      >
        {stats.map((stat) => (
          <div
            key={stat.label}
            data-level={stat.level ?? 'unknown'}
            className={cn(
              'flex items-center gap-1.5 rounded-md px-2 py-1',
              layout === 'bar'
                ? 'bg-slate-50 ring-1 ring-slate-200'
                : 'bg-slate-50 px-3 py-2 ring-1 ring-slate-200',
            )}
          >
            <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
              <span
                aria-hidden="true"
                className={cn('size-2 rounded-full', stat.level ? levelDot[stat.level] : 'bg-slate-300')}
              />
              {stat.label}
            </dt>
            <dd
              className={cn(
                'text-xs font-semibold tabular-nums',
                stat.level ? levelText[stat.level] : 'text-slate-600',
              )}
            >
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
      {oldSince !== undefined && (
        // Below lg the bar has room for the time only.
        <OldFiguresNote
          since={oldSince}
          wordsClassName={layout === 'bar' ? 'sr-only lg:not-sr-only' : undefined}
        />
      )}
    </section>
  );
}
