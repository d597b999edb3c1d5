import { randomBytes } from 'node:crypto';

/**
 * Column conventions shared by every table, identical on SQLite and PostgreSQL:
 * - ids are 24 hex characters, time-ordered (4 bytes of seconds, 8 random bytes), like the `_id`s the
 *   deployed apps already store;
 * - booleans are integers 0/1 (SQLite has no boolean type and better-sqlite3 cannot bind `true`);
 * - times are ISO-8601 UTC text with milliseconds, which sorts and compares correctly as text.
 */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

export const nowIso = (): string => new Date().toISOString();

export const toDbBool = (value: boolean): 0 | 1 => (value ? 1 : 0);
export const fromDbBool = (value: unknown): boolean => value === 1 || value === true || value === '1';
