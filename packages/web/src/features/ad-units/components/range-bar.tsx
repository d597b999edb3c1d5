import type { DayRange } from '@streamdesk/contract/ad-units';
import { dayPresets, presetOf, presetRange } from '@streamdesk/contract/day-range';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';

/** Date presets and a custom start/end range (Asia/Kolkata days), plus the clear-all action. */
export function RangeBar({
  range,
  onChange,
  onClearAll,
}: {
  range: DayRange;
  onChange: (range: DayRange) => void;
  onClearAll: () => void;
}) {
  const active = presetOf(range);
  const setDate = (field: keyof DayRange, value: string) => {
    if (!value) return;
    const next = { ...range, [field]: value };
    // Keep the range in order: moving one end past the other moves both.
    if (next.startDate > next.endDate) {
      if (field === 'startDate') next.endDate = value;
      else next.startDate = value;
    }
    onChange(next);
  };
  return (
    <section
      aria-label="Click range"
      className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Date presets">
        {dayPresets.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={active === preset}
            onClick={() => onChange(presetRange(preset))}
            className={cn(
              'h-8 rounded-md px-3 text-xs font-medium ring-1 ring-inset transition-colors',
              active === preset
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {preset}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {(
          [
            ['startDate', 'Start date'],
            ['endDate', 'End date'],
          ] as const
        ).map(([field, label]) => (
          <TextField
            key={field}
            label={label}
            type="date"
            value={range[field]}
            onChange={(e) => setDate(field, e.target.value)}
            className="w-36"
          />
        ))}
        {!active && <span className="pb-2 text-xs text-slate-500">Custom range</span>}
      </div>
      <Button variant="danger" className="sm:ml-auto" onClick={onClearAll}>
        Clear All Data
      </Button>
    </section>
  );
}
