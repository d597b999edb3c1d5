import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { UnsavedChangesDialog, useAskOnHistoryMove } from './leave-guard';
import { useFocusBackToEdit } from './inline-edit-keys';

/** Keeps `what` as held unsaved in a scope until the returned function is called. */
type Hold = (what: string) => () => void;

const HoldContext = createContext<Hold | null>(null);

/**
 * The forms inside it (their leave guards: UnsavedWorkGuard, useFormLeaveGuard) tell `hold` what they
 * hold unsaved, for a move within the screen that drops them (useAskBeforeDropping).
 */
export function DraftScope({ hold, children }: { hold: Hold; children: ReactNode }) {
  return <HoldContext value={hold}>{children}</HoldContext>;
}

/** While `unsaved`, tells the DraftScope around the form (if any) that it holds `what`. */
export function useHeldInScope(unsaved: boolean, what: string) {
  const hold = useContext(HoldContext);
  useEffect(() => (hold && unsaved ? hold(what) : undefined), [hold, unsaved, what]);
}

/** Runs `go` at once, or after asking while a draft would be dropped (`stay` then runs on Cancel). */
export type AskFirst = (go: () => void, stay?: () => void) => void;

/**
 * A move within a screen that drops a form's draft (Edit on another row of a list while the row in edit
 * holds a change, a page, search or sort change of the list, a dialog closed with changed fields) asks
 * first, with the leave question's dialog and names (docs/decisions/0056): Cancel keeps the draft (and
 * runs `stay`), Leave without saving goes on with the move. `ask(go, stay)` runs `go` at once while nothing
 * in the DraftScope given `hold` is unsaved. Render `dialog` once.
 *
 * `inUrl`: the list's page, search or order live in the URL's query, so the browser's Back and Forward
 * between them would drop the drafts too: they ask the same question (useAskOnHistoryMove), and `dropped`
 * runs when the admin leaves without saving so (before the move).
 */
export function useAskBeforeDropping({
  inUrl = false,
  dropped,
}: { inUrl?: boolean; dropped?: () => void } = {}) {
  const held = useRef(new Map<symbol, string>());
  const hold = useCallback<Hold>((what) => {
    const key = Symbol(what);
    held.current.set(key, what);
    return () => void held.current.delete(key);
  }, []);
  const [asking, setAsking] = useState<{ what: string; go: () => void; stay?: () => void } | null>(null);

  const heldNow = () => [...new Set(held.current.values())].join(' and ');
  useAskOnHistoryMove(inUrl, heldNow, () => dropped?.());

  const ask: AskFirst = (go, stay) => {
    const what = heldNow();
    if (what) setAsking({ what, go, stay });
    else go();
  };

  const dialog = (
    <UnsavedChangesDialog
      open={asking !== null}
      what={asking?.what ?? ''}
      onStay={() => {
        setAsking(null);
        asking?.stay?.();
      }}
      onLeave={() => {
        setAsking(null);
        // Dropped now, not when their forms unmount: the move `go` makes must not be asked about again.
        held.current.clear();
        asking?.go();
      }}
    />
  );

  return { hold, ask, dialog };
}

/**
 * Which row of an inline-edited list is in edit: one at a time (0057). `edit(id)` on another row while the
 * row in edit holds a change asks first (useAskBeforeDropping): the rows' guards are to be rendered in a
 * `<DraftScope hold={rows.hold}>`. Focus goes back to a row's Edit when its edit ends (useFocusBackToEdit).
 * `move` is for the list's page, search and sort changes (ListTable's `askFirst`): it asks the same way,
 * then closes the row in edit (focus stays on the pager, header or search box) and makes the move.
 * `inUrl`: the list's page, search or order live in the URL: Back and Forward between them ask too, and
 * close the row when the admin leaves.
 */
export function useRowInEdit({ inUrl = false }: { inUrl?: boolean } = {}) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const quiet = useRef(false);
  useFocusBackToEdit(editingId, quiet);
  const close = () => {
    if (editingId === null) return;
    quiet.current = true;
    setEditingId(null);
  };
  const { hold, ask, dialog } = useAskBeforeDropping({ inUrl, dropped: close });
  const edit = (id: string) => {
    if (id !== editingId) ask(() => setEditingId(id));
  };
  const move: AskFirst = (go, stay) =>
    ask(() => {
      close();
      go();
    }, stay);
  return { editingId, edit, done: () => setEditingId(null), move, hold, dialog };
}
