import {
  liveViewLevel,
  percentLevel,
  STATS_POLL_MS,
  type StatLevel,
} from '@streamdesk/contract/system-stats';
import { cn } from '@/lib/cn';
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

const percent = (n: number) => `${Math.round(n)}%`;

/**
 * Two polls in a row failed: the values kept (doc 1 section 8) are said to be old, so a stalled server is
 * not read as a calm one. One failed poll (a blip) says nothing yet.
 */
export const STATS_OLD_AFTER_MS = 2 * STATS_POLL_MS;

const clock = (at: number) =>
  new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * CPU, RAM, storage and live viewers, coloured green/yellow/red by the spec's thresholds; dimmed, with the
 * time they are from, once the polls have failed for STATS_OLD_AFTER_MS. Measured to the last failure,
 * whose time changes with each one: the query re-renders for the props read here only.
 */
export function StatsList({ layout = 'bar' }: { layout?: 'bar' | 'menu' }) {
  const { data, isError, dataUpdatedAt, errorUpdatedAt } = useSystemStats();
  const old = data !== undefined && isError && errorUpdatedAt - dataUpdatedAt >= STATS_OLD_AFTER_MS;
  const stats: Stat[] = [
    {
      label: 'CPU',
      value: data ? percent(data.cpuLoad) : '–',
      level: data ? percentLevel(data.cpuLoad) : null,
    },
    {
      label: 'RAM',
      value: data ? percent(data.ramUsage) : '–',
      level: data ? percentLevel(data.ramUsage) : null,
    },
    {
      label: 'Storage',
      value: data ? percent(data.storageUsage) : '–',
      level: data ? percentLevel(data.storageUsage) : null,
    },
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
      {old && (
        <p
          role="status"
          title={`Not updated since ${clock(dataUpdatedAt)}: the server does not answer`}
          className="rounded-md bg-amber-50 px-2 py-1 text-xs font-medium whitespace-nowrap text-amber-800 ring-1 ring-amber-200"
        >
          {/* Below lg the bar has room for the time only; the words stay for screen readers. */}
          <span className={layout === 'bar' ? 'sr-only lg:not-sr-only' : undefined}>Not updated since </span>
          {clock(dataUpdatedAt)}
        </p>
      )}
    </section>
  );
}
