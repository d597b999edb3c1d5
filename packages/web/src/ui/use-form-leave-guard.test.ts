import { describe, expect, it } from 'vitest';
import { changedFrom } from './use-form-leave-guard';

describe('changedFrom', () => {
  const opened = { title: '', on: true, count: '0' };

  it('is false while every field holds what the form opened with', () => {
    expect(changedFrom({ ...opened }, opened)).toBe(false);
  });

  it('is true for any field changed, and false again once it is put back', () => {
    expect(changedFrom({ ...opened, title: 'a' }, opened)).toBe(true);
    expect(changedFrom({ ...opened, on: false }, opened)).toBe(true);
    expect(changedFrom({ ...opened, title: 'a' }, { ...opened, title: 'a' })).toBe(false);
  });
});
