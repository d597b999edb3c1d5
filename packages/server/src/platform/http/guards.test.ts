import { describe, expect, it } from 'vitest';
import { secretChecker } from './guards.js';

describe('secretChecker', () => {
  const isKey = secretChecker('key-0123456789abcdef');

  it('accepts exactly the expected value', () => {
    expect(isKey('key-0123456789abcdef')).toBe(true);
  });

  it.each([
    ['another value of the same length', 'key-0123456789abcdeF'],
    ['a prefix', 'key-0123456789abcde'],
    ['a longer value', 'key-0123456789abcdef0'],
    ['the value with a NUL after it', 'key-0123456789abcdef\0'],
    ['an empty value', ''],
    ['non-ASCII of the same length in characters', 'key-0123456789abcdé'],
  ])('refuses %s', (_, given) => expect(isKey(given)).toBe(false));

  it('works for a non-ASCII secret', () => {
    const check = secretChecker('clé-секрет');
    expect(check('clé-секрет')).toBe(true);
    expect(check('cle-секрет')).toBe(false);
  });
});
