import { useHeldInScope } from './ask-before-dropping';
import { useLeaveGuard } from './leave-guard';

/**
 * The leave guard (useLeaveGuard) of a form that shares its screen with other guarded forms: the add
 * form above a list and the row being edited in it, or every row of a list that edits in place. The
 * router asks only the blocker registered last, so a guard always there would hide the unsaved work of
 * the forms before it. Here the guard is there only while `unsaved`: a form with nothing to lose never
 * stands in the way of one that has something. `what` names the work ('the new live match').
 */
export function UnsavedWorkGuard({ unsaved, what }: { unsaved: boolean; what: string }) {
  return unsaved ? <Guard what={what} /> : null;
}

function Guard({ what }: { what: string }) {
  // Edit on another row of the list asks too (a DraftScope around the rows).
  useHeldInScope(true, what);
  useLeaveGuard(true, what);
  return null;
}
