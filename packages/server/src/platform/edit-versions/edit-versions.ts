import { createHash } from 'node:crypto';
import { EDIT_VERSION_PATTERN, editVersionMessages } from '@streamdesk/contract/edit-versions';
import { badRequest, conflict, notFound } from '../errors.js';

/**
 * Edit conflicts (docs/decisions/0009-edit-conflicts.md). A feature names the fields an admin edits (never
 * counts the app changes by itself), sends `editVersionOf` those fields with its read, and checks the
 * version an edit sends back with `checkEditVersion` (or `foundAtVersion`) under the record's lock,
 * before writing.
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

/**
 * The record an edit is about, read under its lock: 404 when it is gone, 409 when an edit sent with the
 * version it was read at finds it changed since (`versionOf` the record now); the caller writes nothing
 * then. `messages` are the feature's: its not-found message and the thing the 409 names.
 */
export function foundAtVersion<R extends object>(
  record: R | undefined,
  sent: string | undefined,
  versionOf: (record: R) => string,
  messages: { notFound: string; conflictThing: string },
): R {
  if (!record) throw notFound(messages.notFound);
  checkEditVersion(sent, versionOf(record), messages.conflictThing);
  return record;
}
