import { createHash } from 'node:crypto';
import { EDIT_VERSION_PATTERN, editVersionMessages } from '@streamdesk/contract/edit-versions';
import { badRequest, conflict } from '../errors.js';

/**
 * Edit conflicts (docs/decisions/edit-conflicts.md). A feature names the fields an admin edits (never
 * counts the app changes by itself), sends `editVersionOf` those fields with its read, and checks the
 * version an edit sends back with `checkEditVersion` under the record's lock, before writing.
 */

/** The version of `record`'s `fields`: 16 hex digits of a SHA-256 of their values, in the given order. */
export function editVersionOf<T extends object>(record: T, fields: readonly (keyof T)[]): string {
  const values = fields.map((field) => [field, record[field] ?? null]);
  return createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 16);
}

/** The version an edit sent (a form or body field): undefined when none, a 400 when it is no version. */
export function readEditVersion(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || !EDIT_VERSION_PATTERN.test(raw))
    throw badRequest(editVersionMessages.invalid);
  return raw;
}

/**
 * Refuses the edit (409, the message naming `thing`) when it was read at another version than the
 * record's now. Without a sent version the edit goes ahead, as before versions existed.
 */
export function checkEditVersion(sent: string | undefined, current: string, thing: string): void {
  if (sent !== undefined && sent !== current) throw conflict(editVersionMessages.changed(thing));
}
