import { useHeldInScope } from './ask-before-dropping';
import { useLeaveGuard } from './leave-guard';

/** Whether a field of `values` differs from what the form opened with (each compared as it is). */
export const changedFrom = <T extends object>(values: T, opened: T): boolean =>
  (Object.keys(opened) as (keyof T)[]).some((key) => !Object.is(values[key], opened[key]));

/**
 * The leave guard of a form (useLeaveGuard): the form holds unsaved work while a field differs from what
 * it opened with (`opened`) or a file is `picked`. Putting the fields back, or a successful save
 * (`saved`, for a form that keeps what it sent until the screen moves on), ends that. `what` names the
 * work as a person reads it ('the new shortcut story'). A move within the screen that would drop the work
 * asks too, in a DraftScope (useAskBeforeDropping).
 */
export function useFormLeaveGuard<T extends object>(
  what: string,
  form: { values: T; opened: T; picked?: boolean; saved?: boolean },
) {
  const unsaved = !form.saved && (Boolean(form.picked) || changedFrom(form.values, form.opened));
  useHeldInScope(unsaved, what);
  return { unsaved, ...useLeaveGuard(unsaved, what) };
}
