import { useRef, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { inputClass } from './field';
import { CalendarIcon } from './icons';

/**
 * A date (or date and time) typed as text in the tables' order, DD/MM/YYYY, with the browser's own
 * calendar one button away: a native date input shows the browser's order (month first in en-US), so it
 * only serves as the calendar, out of sight and of the tab order (issue 36).
 */
export function CalendarInput({
  kind,
  calendarValue,
  onCalendar,
  calendarLabel,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & {
  /** The native picker the button opens. */
  kind: 'date' | 'datetime-local';
  /** Its value: `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm:ss`, empty when the text is none. */
  calendarValue: string;
  /** A day (and time) picked from the calendar, as the native input gives it. */
  onCalendar: (value: string) => void;
  calendarLabel: string;
}) {
  const calendar = useRef<HTMLInputElement>(null);
  return (
    <div className={cn('relative flex', className)}>
      <input
        inputMode="numeric"
        autoComplete="off"
        {...input}
        type="text"
        className={cn(inputClass, 'pr-9 tabular-nums')}
      />
      <button
        type="button"
        aria-label={calendarLabel}
        onClick={() => calendar.current?.showPicker?.()}
        className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <CalendarIcon className="size-4" />
      </button>
      <input
        ref={calendar}
        type={kind}
        step={kind === 'datetime-local' ? 1 : undefined}
        tabIndex={-1}
        aria-hidden="true"
        value={calendarValue}
        onChange={(e) => e.target.value && onCalendar(e.target.value)}
        className="pointer-events-none absolute right-0 bottom-0 size-px opacity-0"
      />
    </div>
  );
}
