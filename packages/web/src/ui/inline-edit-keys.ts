import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

/** Input types where Enter means something of their own, or nothing to save. */
const NOT_A_FIELD = new Set(['file', 'checkbox', 'radio', 'button', 'submit', 'reset']);

/**
 * One inline-edit behaviour on every list that edits rows in place (issue 36): in the row's fields Enter
 * saves, as Save does, and Esc cancels, as Cancel does. The edit row's `onKeyDown`. A key pressed in a
 * dialog the row opened (its confirmation, rendered in a portal) reaches the row through React too, and is
 * left to the dialog.
 */
export function inlineEditKeys(onSave: () => void, onCancel: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    const field = event.target;
    if (event.key !== 'Enter' || !(field instanceof HTMLInputElement) || NOT_A_FIELD.has(field.type)) return;
    event.preventDefault();
    onSave();
  };
}

/** Marks a row's Edit button, for useFocusBackToEdit. */
export const editButtonOf = (id: string) => ({ 'data-edit-of': id });

/**
 * When a row's edit ends (saved, cancelled, Esc), focus goes back to that row's Edit button, so a keyboard
 * user goes on from where they were rather than from the top of the page. `editingId`: the row in edit.
 * An end with `quiet` set (a page or sort change closed it) leaves focus where it is, and clears `quiet`.
 */
export function useFocusBackToEdit(editingId: string | null, quiet?: RefObject<boolean>) {
  const last = useRef<string | null>(null);
  useEffect(() => {
    const ended = last.current;
    last.current = editingId;
    if (editingId !== null || ended === null) return;
    if (quiet?.current) {
      quiet.current = false;
      return;
    }
    document.querySelector<HTMLElement>(`[data-edit-of="${ended}"]`)?.focus();
  }, [editingId, quiet]);
}

/** The fields a person types or chooses in (not a row's select box or a file picker). */
const FIELDS = 'input:not([type="hidden"]):not([type="file"]):not([type="checkbox"]), select, textarea';

/**
 * When a row goes into edit (Edit pressed), focus goes to its first field, so a keyboard user types at
 * once: the Edit button either went with the row (focus fell to the page) or became Save in its place
 * (Enter again would save the unchanged row). The ref goes on the row; `editing`: the row is in edit.
 */
export function useFocusFirstField<E extends HTMLElement>(editing: boolean): RefObject<E | null> {
  const row = useRef<E>(null);
  useEffect(() => {
    if (editing) row.current?.querySelector<HTMLElement>(FIELDS)?.focus();
  }, [editing]);
  return row;
}
