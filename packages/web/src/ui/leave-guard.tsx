import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
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
 * While `unsaved`, leaving the screen asks first, so an editor's values are not lost without a word. A
 * move within the app (a section tab, the menu, Back) opens a dialog: Cancel stays with the values,
 * 'Leave without saving' goes on. A reload or closing the tab gets the browser's prompt
 * (useAskBeforeUnload). A move that keeps the screen (its query string only) is not asked about: the
 * values stay. `what` names the values ('the live call ad fields'). Render `dialog` once.
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
  // Set by `leave` for the one move it makes: the screen's own way out (a Cancel that drops the values)
  // is not asked about. The router asks the blocker once per move, so the move let through (or held for
  // another reason) clears it, and a move that keeps the screen leaves the next one guarded again.
  const dropping = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (dropping.current) {
      dropping.current = false;
      return false;
    }
    return unsaved && !released && currentLocation.pathname !== nextLocation.pathname;
  });
  const stay = () => blocker.reset?.();
  /**
   * Goes (`go` navigates) without asking: for a way out that says it drops the values, as the spec's
   * Cancel of an edit page does. The router reads its blocker as of the last render, so a state that
   * ended `unsaved` in the same click would not be seen yet.
   */
  const leave = (go: () => void) => {
    dropping.current = true;
    go();
  };

  const dialog = (
    <UnsavedChangesDialog
      open={blocker.state === 'blocked'}
      what={what}
      onStay={stay}
      onLeave={() => blocker.proceed?.()}
    />
  );

  return { dialog, leave };
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
