import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useBlocker } from 'react-router';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * While `active`, the browser asks before the page is reloaded or closed: its own prompt, which a page
 * cannot word. For work the page would drop: an upload on its way, values not saved yet.
 */
export function useAskBeforeUnload(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}

/** What the screens shown now hold unsaved (their `what`), for a way out the router cannot block. */
const unsavedWork = new Map<symbol, string>();

/**
 * What is unsaved on screen now ('the policy'), as the guarded screens name it. The sign-in-again dialog
 * asks with it before its way to the login page, which signs out first: the screen is gone before any
 * navigation the blocker could hold.
 */
export const unsavedWorkNow = (): string[] => [...new Set(unsavedWork.values())];

/** Set once the admin chose to leave without saving from outside the screen: the guards let the move by. */
let released = false;

/** The admin chose to lose what is unsaved (the sign-in-again dialog): no guard holds the next move. */
export function releaseLeaveGuards(): void {
  released = true;
}

/**
 * Set by a guard's `leave` for the one move it makes: the screen's own way out (a Cancel that drops the
 * values) is not asked about. The router asks the blocker once per move, so the move let through (or held
 * for another reason) clears it, and a move that keeps the screen leaves the next one guarded again.
 */
let passing = false;

/**
 * The lists shown now whose page, search or order live in the URL's query: what a Back or Forward to
 * another page, search or order of the list would drop (`held`: the row in edit's changes, '' for none),
 * and what the list does when the admin leaves them so (`drop`: closes the row).
 */
const listDrafts = new Map<symbol, { held: () => string; drop: () => void }>();

/**
 * While `active`, a Back, Forward or link that changes only the URL's query (the list's page, search or
 * order) asks first while `held()` names a change it would drop, as a move to another screen does (one
 * question by the one blocker, LeaveGuards): Cancel keeps the URL and the change, Leave without saving
 * runs `drop` and moves. The list's own page, search and sort changes ask before they navigate
 * (ListTable's `askFirst`), and `held()` is empty once the admin chose to leave there.
 */
export function useAskOnHistoryMove(active: boolean, held: () => string, drop: () => void) {
  const latest = useRef({ held, drop });
  useLayoutEffect(() => {
    latest.current = { held, drop };
  });
  useEffect(() => {
    if (!active) return;
    const key = Symbol('list');
    listDrafts.set(key, { held: () => latest.current.held(), drop: () => latest.current.drop() });
    return () => void listDrafts.delete(key);
  }, [active]);
}

type Move = Parameters<Exclude<Parameters<typeof useBlocker>[0], boolean>>[0];

/** The question a move asks (what it would lose, and what leaving does first), or undefined to let it go. */
function questionFor({ currentLocation: from, nextLocation: to, historyAction }: Move) {
  if (from.pathname !== to.pathname) {
    const what = unsavedWorkNow().join(' and ');
    return what ? { what, drop: () => undefined } : undefined;
  }
  // A move that keeps the screen keeps its forms' values, but not a list's row in edit that the move
  // would take off the page: a Back to the page before, or a link to another page, order or search of
  // the list. A replace is the screen's own (the list's moves ask first, useAskBeforeDropping).
  if (historyAction === NavigationType.Replace || from.search === to.search) return undefined;
  const lists = [...listDrafts.values()].filter((list) => list.held() !== '');
  if (lists.length === 0) return undefined;
  const what = [...new Set(lists.map((list) => list.held()))].join(' and ');
  return { what, drop: () => lists.forEach((list) => list.drop()) };
}

/**
 * The one blocker of the app (React Router runs only one: with a blocker per guarded form, only the form
 * mounted last was asked about). Rendered once, at the root of the screens: a move out of a screen with
 * unsaved work (useLeaveGuard), or a Back, Forward or link within a list that would drop a row's change
 * (useAskOnHistoryMove), opens the "Unsaved changes" question naming all it would lose.
 */
export function LeaveGuards() {
  const asked = useRef({ what: '', drop: (): void => undefined });
  const blocker = useBlocker((move) => {
    if (passing) {
      passing = false;
      return false;
    }
    const question = released ? undefined : questionFor(move);
    if (question) asked.current = question;
    return question !== undefined;
  });
  return (
    <UnsavedChangesDialog
      open={blocker.state === 'blocked'}
      what={asked.current.what}
      onStay={() => blocker.reset?.()}
      onLeave={() => {
        asked.current.drop();
        blocker.proceed?.();
      }}
    />
  );
}

/**
 * While `unsaved`, leaving the screen asks first, so an editor's values are not lost without a word. A
 * move within the app (a section tab, the menu, Back) opens the question (LeaveGuards, the one blocker):
 * Cancel stays with the values, 'Leave without saving' goes on. A reload or closing the tab gets the
 * browser's prompt (useAskBeforeUnload). A move that keeps the screen (its query string only) is not
 * asked about: the values stay. `what` names the values ('the live call ad fields').
 */
export function useLeaveGuard(unsaved: boolean, what: string) {
  useAskBeforeUnload(unsaved);
  useEffect(() => {
    if (!unsaved) return;
    // New unsaved work (after a sign-in, on a screen mounted again) is guarded again.
    released = false;
    const key = Symbol(what);
    unsavedWork.set(key, what);
    return () => void unsavedWork.delete(key);
  }, [unsaved, what]);
  /**
   * Goes (`go` navigates) without asking: for a way out that says it drops the values, as the spec's
   * Cancel of an edit page does. The guard reads what is unsaved as of the last render, so a state that
   * ended `unsaved` in the same click would not be seen yet.
   */
  const leave = (go: () => void) => {
    passing = true;
    go();
  };
  return { leave };
}

/**
 * The "Unsaved changes" question, for a move that would lose `what` ('the policy'): Cancel (`onStay`, the
 * values kept) or Leave without saving (`onLeave`). Closing it (Esc, outside) stays.
 */
export function UnsavedChangesDialog({
  open,
  what,
  onStay,
  onLeave,
}: {
  open: boolean;
  what: string;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && onStay()}
      title="Unsaved changes"
      description={`Your changes to ${what} are not saved. If you leave now, they are lost.`}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onStay}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onLeave}>
          Leave without saving
        </Button>
      </div>
    </Dialog>
  );
}
