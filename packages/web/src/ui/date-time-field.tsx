import { useState, type ReactNode } from 'react';
import { enGbDay } from '@streamdesk/contract/date-ranges';
import { dateTimeFromEnGb, dayFromEnGb, enGbDateTime } from '@streamdesk/contract/format';
import { CalendarInput } from './calendar-input';
import { zonedInputToIso } from '@/lib/report-time';
import { Field } from './field';

export const dateTimeMessages = {
  dateTime: 'Enter the date and time as DD/MM/YYYY HH:MM',
  date: 'Enter the date as DD/MM/YYYY',
  endBeforeStart: 'The end must be after the start',
  endDayBeforeStart: 'The end date is before the start date',
  past: 'Choose a time in the future',
} as const;

/** What a field of each kind reads from its text, shows of its value and says of text it cannot read. */
const kinds = {
  dateTime: {
    read: dateTimeFromEnGb,
    show: (value: string) => enGbDateTime(value, 'whenSet'),
    placeholder: 'DD/MM/YYYY HH:MM',
    message: dateTimeMessages.dateTime,
    calendar: 'datetime-local',
  },
  date: {
    read: dayFromEnGb,
    show: enGbDay,
    placeholder: 'DD/MM/YYYY',
    message: dateTimeMessages.date,
    calendar: 'date',
  },
} as const;
export type DateTimeKind = keyof typeof kinds;
type Kind = DateTimeKind;

/**
 * The value a field of that kind holds, with its seconds (a native input may leave them out): undefined
 * when it holds typed text that is not a date (and time).
 */
const valueOf = (kind: Kind, value: string) => {
  const k = kinds[kind];
  const read = k.read(k.show(value));
  return read === value || read === `${value}:00` ? read : undefined;
};

/** What is wrong with a field's value, undefined when nothing: typed text that is not a date (and time). */
export function dateTimeProblem(kind: Kind, value: string): string | undefined {
  return value && !valueOf(kind, value) ? kinds[kind].message : undefined;
}

/**
 * Said beside a date and time (in the report's time zone, as the forms send it) that is not after `now`,
 * where only a time to come makes sense (a planned match, a scheduled change or notification): the
 * server refuses those too, but in its API's words (`plannedStart must be in the future`). Undefined for
 * a time to come, an empty field, or text that is not a date and time (dateTimeProblem says that).
 */
export function pastProblem(value: string, now = Date.now()): string | undefined {
  const read = valueOf('dateTime', value);
  return read && Date.parse(zonedInputToIso(read)) <= now ? dateTimeMessages.past : undefined;
}

/**
 * Said beside an end that is not after its start (a range of days may end on its first day), once both
 * are dates; undefined otherwise. The start is never moved to fit (issue 36).
 */
export function endProblem(kind: Kind, start: string, end: string): string | undefined {
  const first = valueOf(kind, start);
  const last = valueOf(kind, end);
  if (!first || !last) return undefined;
  if (kind === 'date') return last < first ? dateTimeMessages.endDayBeforeStart : undefined;
  return last <= first ? dateTimeMessages.endBeforeStart : undefined;
}

export interface DateTimeFieldProps {
  label: string;
  /**
   * What the form holds, as a native input would give it: `YYYY-MM-DDTHH:mm:ss` (`YYYY-MM-DD` for a day),
   * '' when empty, or the text typed while it is not a date yet (dateTimeProblem says so).
   */
  value: string;
  onChange: (value: string) => void;
  /** A day only, no time. */
  kind?: Kind;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  /** Set, the value is sent with the form under this name (a form read with FormData). */
  name?: string;
  /**
   * The calendar button's name, 'Pick the start on a calendar': not containing the label, so that the
   * label names the text field alone.
   */
  calendarLabel: string;
}

/**
 * A date and time (24 h), or a day, typed as DD/MM/YYYY HH:MM like the tables show them, with the browser's
 * calendar one button away. Text that is not a date is said when the field is left; the form gets what a
 * native input gives it, so what it sends does not change (issue 36, docs/decisions/0054-date-fields.md).
 */
export function DateTimeField({
  label,
  value,
  onChange,
  kind = 'dateTime',
  error,
  hint,
  className,
  name,
  calendarLabel,
}: DateTimeFieldProps) {
  const k = kinds[kind];
  const shown = (v: string) => (valueOf(kind, v) ? k.show(v) : v);
  const [text, setText] = useState(() => shown(value));
  const [left, setLeft] = useState(false);
  // A value set from outside (a reset, an edit opened, the calendar) shows; adjusted while rendering.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(shown(value));
  }
  const take = (typed: string) => {
    const next = typed.trim() ? (k.read(typed) ?? typed) : '';
    setText(typed);
    setSeen(next);
    // Half-typed is not wrong yet: said once the field is left with it.
    setLeft(false);
    onChange(next);
  };
  const unread = value !== '' && !valueOf(kind, value);
  return (
    <Field
      label={label}
      hint={hint}
      error={error ?? (left && unread ? k.message : undefined)}
      className={className}
      control={(aria) => (
        <>
          <CalendarInput
            {...aria}
            kind={k.calendar}
            value={text}
            placeholder={k.placeholder}
            onChange={(e) => take(e.target.value)}
            onBlur={() => (unread ? setLeft(true) : setText(shown(value)))}
            calendarValue={valueOf(kind, value) ?? ''}
            onCalendar={(picked) => take(k.show(picked))}
            calendarLabel={calendarLabel}
          />
          {name && <input type="hidden" name={name} value={unread ? '' : value} />}
        </>
      )}
    />
  );
}
