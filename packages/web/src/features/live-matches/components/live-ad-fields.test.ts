import { describe, expect, it } from 'vitest';
import { mapOf, newRow, rowsOf, sameRows } from './live-ad-fields';

describe('live-call ad fields', () => {
  it('turns rows into the map, trimming the names and keeping the order', () => {
    expect(mapOf([newRow(' banner_id ', 'x'), newRow('b2', '')])).toEqual({
      map: { banner_id: 'x', b2: '' },
    });
  });

  it('reports the same problems the server does', () => {
    expect(mapOf([newRow('', 'x')])).toEqual({ problem: 'Field name is required' });
    expect(mapOf([newRow('has space', 'x')])).toEqual({
      problem: 'Field names use 1 to 64 letters, digits or _: has space',
    });
    expect(mapOf([newRow('a', '1'), newRow('a ', '2')])).toEqual({
      problem: 'Field names must be unique: a',
    });
    expect(mapOf([newRow('a', 'v'.repeat(2049))])).toEqual({
      problem: 'Field values are at most 2048 characters: a',
    });
  });

  it('knows when the editor differs from what was loaded', () => {
    const loaded = rowsOf({ a: '1' });
    expect(sameRows(loaded, [...loaded])).toBe(true);
    expect(sameRows(loaded, [{ ...loaded[0]!, value: '2' }])).toBe(false);
    expect(sameRows(loaded, [...loaded, newRow()])).toBe(false);
  });
});
