import { describe, expect, it } from 'vitest';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { HttpError } from '../errors.js';
import { checkEditVersion, editVersionOf, readEditVersion } from './edit-versions.js';

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
});
