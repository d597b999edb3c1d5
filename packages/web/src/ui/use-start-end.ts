import { useState } from 'react';
import { dateTimeProblem, endProblem, pastProblem, type DateTimeKind } from './date-time-field';

type End = 'start' | 'end';
type Errors = Partial<Record<End, string | undefined>>;

/**
 * A form's start and end (a schedule, a match's planned times, a range of days) as two DateTimeFields:
 * each value as a native input would give it, each error beside its field and cleared as it changes, and
 * an end not after the start said beside the end as soon as both are dates, never moved to fit (issue 36).
 * `future`: a time set or changed here must be to come when the form is sent; one left as it was opened
 * is not checked again (as the server does: a planned match that has started keeps its start).
 */
export function useStartEnd(
  kind: DateTimeKind,
  initial: { start: string; end: string },
  { future = false }: { future?: boolean } = {},
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const field = (end: End) => ({
    kind,
    value: values[end],
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [end]: value }));
      setErrors((e) => ({ ...e, [end]: undefined }));
    },
    error: end === 'start' ? errors.start : (errors.end ?? endProblem(kind, values.start, values.end)),
  });
  return {
    start: values.start,
    end: values.end,
    startField: field('start'),
    endField: field('end'),
    /**
     * Whether both can be sent; if not, what is wrong is said beside each. `startRequired` is the
     * message for a start left empty, when the form needs one.
     */
    check(startRequired?: string) {
      const past = (end: End) =>
        future && values[end] !== initial[end] ? pastProblem(values[end]) : undefined;
      const found = {
        start: dateTimeProblem(kind, values.start) ?? (values.start ? past('start') : startRequired),
        end: dateTimeProblem(kind, values.end) ?? past('end') ?? endProblem(kind, values.start, values.end),
      };
      setErrors(found);
      return !found.start && !found.end;
    },
    clear() {
      setValues({ start: '', end: '' });
      setErrors({});
    },
  };
}
