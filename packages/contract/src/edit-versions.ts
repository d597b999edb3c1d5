import { z } from 'zod';

/**
 * Edit conflicts (docs/decisions/0009-edit-conflicts.md): an edit screen keeps the `version` its record was
 * read with and sends it back with the save; the server refuses the save (409) when the record's
 * editable fields have changed since. A save without a version is made as before (deployed apps and
 * other clients send none).
 */

/** The form or body field carrying the version the edit was read with. */
export const EDIT_VERSION_FIELD = 'version';

/** A version: the first 16 hex digits of a SHA-256 of the record's editable fields. */
export const EDIT_VERSION_PATTERN = /^[0-9a-f]{16}$/;

export const editVersionMessages = {
  invalid: `${EDIT_VERSION_FIELD} must be the version the record was read with (16 hex digits)`,
  /** `thing` as the screen names it: 'story', 'story ad'. */
  changed: (thing: string) =>
    `This ${thing} was changed by someone else since you opened it. Reload to see the change, then edit again.`,
};

/** Whether a refusal is an edit conflict, whatever the thing (screens offer to reload then). */
export const isEditConflict = (message: string | undefined) =>
  /^This .+ was changed by someone else since you opened it\./.test(message ?? '');

/** The version field of a read reply, additive to the reply's own shape. */
export const editVersion = z.string().regex(EDIT_VERSION_PATTERN);
