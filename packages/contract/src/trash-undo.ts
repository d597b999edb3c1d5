/**
 * How long the delete toast offers Undo (docs/decisions/0037-trash.md). A module of its own: the toast is in
 * every screen's shared code, and trash.ts's schemas (some two dozen zod objects) were built at every
 * screen's start for this one number; the toast's Undo loads them when it is clicked.
 */
export const UNDO_SECONDS = 10;
