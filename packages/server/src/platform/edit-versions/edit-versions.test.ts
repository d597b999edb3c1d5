import { describe, expect, it } from 'vitest';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { HttpError } from '../errors.js';
import { checkEditVersion, editVersionOf, foundAtVersion, readEditVersion } from './edit-versions.js';

const record = { name: 'a', on: true, view: 5, limit: 0 };

describe('edit versions', () => {
  it('follows the chosen fields only, and each of them', () => {
    const v = editVersionOf(record, ['name', 'on', 'limit']);
    expect(v).toMatch(/^[0-9a-f]{16}$/);
    expect(editVersionOf({ ...record, view: 99 }, ['name', 'on', 'limit'])).toBe(v);
    for (const change of [{ name: 'b' }, { on: false }, { limit: '0' }])
      expect(editVersionOf({ ...record, ...change }, ['name', 'on', 'limit'])).not.toBe(v);
  });

  it('reads a sent version: none is undefined, anything but 16 hex digits a 400', () => {
    expect(readEditVersion(undefined)).toBeUndefined();
    expect(readEditVersion('')).toBeUndefined();
    expect(readEditVersion('0123456789abcdef')).toBe('0123456789abcdef');
    for (const bad of ['xyz', '0123456789ABCDEF', 7, '0123456789abcdef0'])
      expect(() => readEditVersion(bad)).toThrow(editVersionMessages.invalid);
  });

  it('refuses another version with a 409 naming the thing, and lets none through', () => {
    expect(() => checkEditVersion(undefined, 'a'.repeat(16), 'story')).not.toThrow();
    expect(() => checkEditVersion('a'.repeat(16), 'a'.repeat(16), 'story')).not.toThrow();
    try {
      checkEditVersion('b'.repeat(16), 'a'.repeat(16), 'story ad');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(409);
      expect((error as HttpError).message).toBe(
        'This story ad was changed by someone else since you opened it. Reload to see the change, then edit again.',
      );
    }
  });

  it('finds the record at the sent version: 404 when it is gone, then 409 when it changed', () => {
    const messages = { notFound: 'Thing not found', conflictThing: 'thing' };
    const versionOf = (r: typeof record) => editVersionOf(r, ['name']);
    const now = versionOf(record);
    const statusOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(HttpError);
        return [(error as HttpError).statusCode, (error as HttpError).message];
      }
      return expect.unreachable();
    };
    expect(foundAtVersion(record, now, versionOf, messages)).toBe(record);
    expect(foundAtVersion(record, undefined, versionOf, messages)).toBe(record);
    expect(statusOf(() => foundAtVersion(undefined, now, versionOf, messages))).toEqual([
      404,
      'Thing not found',
    ]);
    // Gone is answered before any version: a stale edit of a deleted record is told it is gone.
    expect(statusOf(() => foundAtVersion(undefined, 'b'.repeat(16), versionOf, messages))).toEqual([
      404,
      'Thing not found',
    ]);
    expect(statusOf(() => foundAtVersion({ ...record, name: 'b' }, now, versionOf, messages))).toEqual([
      409,
      'This thing was changed by someone else since you opened it. Reload to see the change, then edit again.',
    ]);
  });
});
