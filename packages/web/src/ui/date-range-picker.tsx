import { quickRanges, type DayRange, type QuickRangeKey } from '@streamdesk/contract/date-ranges';
import { cn } from '@/lib/cn';
import { reportQuickRange } from '@/lib/report-ranges';
import { TextField } from './field';

export type RangeSelection = DayRange & { preset: QuickRangeKey | 'custom' };

export const presetSelection = (key: QuickRangeKey): RangeSelection => ({
  ...reportQuickRange(key),
  preset: key,
});

/**
 * A hand-edited end of the range, as a custom range. Moving one end past the other moves both
 * (docs/decisions/0014-ad-units.md), so the range sent is never reversed: the server refuses a
 * start after the end, and a typed date is not held back by the inputs' min and max.
 */
export function editedRange(value: DayRange, end: 'startDate' | 'endDate', day: string): RangeSelection {
  if (end === 'startDate')
    return { startDate: day, endDate: day > value.endDate ? day : value.endDate, preset: 'custom' };
  return { startDate: day < value.startDate ? day : value.startDate, endDate: day, preset: 'custom' };
}

/**
 * The quick ranges (Today ... This Year) and the start/end date inputs; editing a date by hand marks the
 * range as custom (doc 2 section 2, "Analytics screen" and "Website ads pages").
 */
export function DateRangePicker({
  value,
  onChange,
  className,
}: {
  value: RangeSelection;
  onChange: (next: RangeSelection) => void;
  className?: string;
}) {
  return (
    <div className={cn('space-y-3', className)}>
      <div role="group" aria-label="Quick ranges" className="flex flex-wrap gap-2">
        {quickRanges.map((range) => (
          <button
            key={range.key}
            type="button"
            aria-pressed={value.preset === range.key}
            onClick={() => onChange(presetSelection(range.key))}
            className={cn(
              'h-8 rounded-full px-3 text-xs font-medium ring-1 ring-inset transition-colors',
              value.preset === range.key
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {range.label}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap gap-3">
        <TextField
          label="Start date"
          type="date"
          value={value.startDate}
          onChange={(e) => e.target.value && onChange(editedRange(value, 'startDate', e.target.value))}
          className="w-44"
        />
        <TextField
          label="End date"
          type="date"
          value={value.endDate}
          onChange={(e) => e.target.value && onChange(editedRange(value, 'endDate', e.target.value))}
          className="w-44"
        />
      </div>
    </div>
  );
}
