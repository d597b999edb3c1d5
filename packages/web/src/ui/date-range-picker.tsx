import { useState } from 'react';
import { enGbDay, quickRanges, type DayRange, type QuickRangeKey } from '@streamdesk/contract/date-ranges';
import { dayFromEnGb } from '@streamdesk/contract/format';
import { cn } from '@/lib/cn';
import { reportQuickRange } from '@/lib/report-ranges';
import { CalendarInput } from './calendar-input';
import { Field } from './field';

export type RangeSelection = DayRange & { preset: QuickRangeKey | 'custom' };

export const presetSelection = (key: QuickRangeKey): RangeSelection => ({
  ...reportQuickRange(key),
  preset: key,
});

export const rangeMessages = {
  format: 'Enter the date as DD/MM/YYYY',
  endBeforeStart: 'The end date is before the start date',
  startAfterEnd: 'The start date is after the end date',
} as const;

type End = 'startDate' | 'endDate';
const otherEnd = (end: End): End => (end === 'startDate' ? 'endDate' : 'startDate');

/**
 * A hand-edited end of the range, as a custom range, or the reason it is refused: a range is never
 * reversed, and one end is never moved to follow the other (issue 36; docs/decisions/0036-daily-use.md).
 */
export function editedRange(value: DayRange, end: End, day: string): RangeSelection | { refused: string } {
  const next = { ...value, [end]: day };
  if (next.startDate <= next.endDate) return { ...next, preset: 'custom' };
  return { refused: end === 'startDate' ? rangeMessages.startAfterEnd : rangeMessages.endBeforeStart };
}

/**
 * One end of the range, shown and typed as DD/MM/YYYY like the tables (a native date input shows the
 * browser's order, month first in en-US), with the browser's own calendar one button away.
 */
function DayField({
  label,
  day,
  text,
  error,
  onText,
  onBlur,
}: {
  label: string;
  day: string;
  text: string;
  error: string;
  onText: (text: string) => void;
  onBlur: () => void;
}) {
  return (
    <Field
      label={label}
      error={error}
      className="w-44"
      control={(aria) => (
        <CalendarInput
          {...aria}
          kind="date"
          value={text}
          placeholder="DD/MM/YYYY"
          onChange={(e) => onText(e.target.value)}
          onBlur={onBlur}
          calendarValue={day}
          onCalendar={(picked) => onText(enGbDay(picked))}
          calendarLabel={`Pick the ${label.split(' ')[0]!.toLowerCase()} from a calendar`}
        />
      )}
    />
  );
}

const noErrors = { startDate: '', endDate: '' };

/**
 * The quick ranges (Today ... This Year) and the start/end dates; editing a date by hand marks the range
 * as custom (doc 2 section 2, "Analytics screen" and "Website ads pages").
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
  // What each field shows: the range's day, or what was typed and not (yet) taken, with its error.
  const shown = (range: DayRange) => ({
    startDate: enGbDay(range.startDate),
    endDate: enGbDay(range.endDate),
  });
  const [texts, setTexts] = useState(() => shown(value));
  const [errors, setErrors] = useState(noErrors);
  // A range changed from outside or taken from a field: the ends that changed show it. Adjusted while
  // rendering, as React advises.
  const [seen, setSeen] = useState<DayRange>(value);
  if (seen.startDate !== value.startDate || seen.endDate !== value.endDate) {
    const changed = (end: End) => seen[end] !== value[end];
    setSeen(value);
    setTexts((t) => ({
      startDate: changed('startDate') ? enGbDay(value.startDate) : t.startDate,
      endDate: changed('endDate') ? enGbDay(value.endDate) : t.endDate,
    }));
    setErrors((e) => ({
      startDate: changed('startDate') ? '' : e.startDate,
      endDate: changed('endDate') ? '' : e.endDate,
    }));
  }

  const type = (end: End, text: string) => {
    setTexts((t) => ({ ...t, [end]: text }));
    const day = dayFromEnGb(text);
    // A half-typed date is not an error yet: leaving the field with one is (blur).
    if (!day) return setErrors((e) => ({ ...e, [end]: '' }));
    // The other end refused before may fit now (an end typed before the start was moved back).
    const other = otherEnd(end);
    const waiting = errors[other] ? dayFromEnGb(texts[other]) : undefined;
    const both = waiting && editedRange({ ...value, [other]: waiting }, end, day);
    if (both && !('refused' in both)) return onChange(both);
    const next = editedRange(value, end, day);
    if ('refused' in next) return setErrors((e) => ({ ...e, [end]: next.refused }));
    setErrors((e) => ({ ...e, [end]: '' }));
    onChange(next);
  };
  const field = (end: End, label: string) => (
    <DayField
      label={label}
      day={value[end]}
      text={texts[end]}
      error={errors[end]}
      onText={(text) => type(end, text)}
      onBlur={() => !dayFromEnGb(texts[end]) && setErrors((e) => ({ ...e, [end]: rangeMessages.format }))}
    />
  );
  return (
    <div className={cn('space-y-3', className)}>
      <div role="group" aria-label="Quick ranges" className="flex flex-wrap gap-2">
        {quickRanges.map((range) => (
          <button
            key={range.key}
            type="button"
            aria-pressed={value.preset === range.key}
            onClick={() => {
              const next = presetSelection(range.key);
              setTexts(shown(next));
              setErrors(noErrors);
              onChange(next);
            }}
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
      <div className="flex flex-wrap items-start gap-3">
        {field('startDate', 'Start date')}
        {field('endDate', 'End date')}
      </div>
    </div>
  );
}
