import { cn } from '@/lib/cn';

/** 'Running' when the feature or server flag is on, otherwise 'Not Running' (doc 1 section 4). */
export function RunningBadge({ running }: { running: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        running
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20'
          : 'bg-slate-100 text-slate-600 ring-slate-500/20',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('size-1.5 rounded-full', running ? 'bg-emerald-500' : 'bg-slate-400')}
      />
      {running ? 'Running' : 'Not Running'}
    </span>
  );
}
