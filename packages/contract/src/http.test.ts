import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  decimalNumber,
  hasVisibleText,
  pageQuery,
  parseSort,
  requiredText,
  sortQuery,
  withScheme,
} from './http.js';
import { categoryListQuery } from './video-categories.js';

describe('decimalNumber', () => {
  const whole = decimalNumber(z.number('must be a number').int());

  it('reads plain decimal digits, with a sign, a fraction and spaces around', () => {
    expect(whole.parse('12')).toBe(12);
    expect(whole.parse(' -3 ')).toBe(-3);
    expect(decimalNumber(z.number()).parse('2.50')).toBe(2.5);
    expect(whole.parse(7)).toBe(7);
  });

  it('refuses what Number() reads but a person does not type as a number', () => {
    for (const text of ['0x10', '1e3', 'Infinity', '', ' ', '+1', '.5', '1.', '0b1', '1_000'])
      expect(whole.safeParse(text).error?.issues[0]?.message, text).toBe('must be a number');
  });

  it('keeps the default for a missing page and refuses an exponent one', () => {
    expect(pageQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(pageQuery.safeParse({ page: '1e1' }).success).toBe(false);
  });

  it("trims every list's search text, so spaces alone are no search", () => {
    expect(pageQuery.parse({ q: '  goal ' }).q).toBe('goal');
    expect(categoryListQuery.parse({ q: '   ' }).q).toBe('');
    expect(categoryListQuery.safeParse({ q: 'x'.repeat(201) }).error?.issues[0]?.message).toBe(
      'q must be at most 200 characters',
    );
  });
});

describe('requiredText', () => {
  const title = requiredText('Title is required', 10, 'Title is too long');

  it('takes text that shows, trimmed', () => {
    expect(title.parse('  Final ')).toBe('Final');
    expect(title.parse('\u200bA')).toBe('\u200bA');
    expect(hasVisibleText('मैच')).toBe(true);
  });

  it('refuses blank text and text of invisible characters only with the required message', () => {
    for (const text of ['', '   ', '\u200b', '\u200c\u200d\u2060', '\ufeff', '\u3164', '\u2800', '\u00ad'])
      expect(title.safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe('Title is required');
    expect(title.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('Title is too long');
  });
});

describe('withScheme', () => {
  it('puts https:// before a host name typed without a scheme, and leaves everything else as it is', () => {
    expect(withScheme('example.com')).toBe('https://example.com');
    expect(withScheme('www.example.co.uk/a?b=1')).toBe('https://www.example.co.uk/a?b=1');
    expect(withScheme('http://example.com')).toBe('http://example.com');
    expect(withScheme('myapp://match/1')).toBe('myapp://match/1');
    expect(withScheme('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(withScheme('/relative/path')).toBe('/relative/path');
    expect(withScheme('not a url')).toBe('not a url');
    expect(withScheme('')).toBe('');
  });

  it('reads a host with a port as a host, not as a scheme, and keeps real schemes', () => {
    expect(withScheme('example.com:8080/path')).toBe('https://example.com:8080/path');
    expect(withScheme('example.com:8080')).toBe('https://example.com:8080');
    expect(withScheme('www.example.co.uk:443?a=1')).toBe('https://www.example.co.uk:443?a=1');
    expect(withScheme('localhost:3000/live/1')).toBe('https://localhost:3000/live/1');
    expect(withScheme('https://example.com:8080/path')).toBe('https://example.com:8080/path');
    expect(withScheme('mailto:team@example.com')).toBe('mailto:team@example.com');
    expect(withScheme('tel:5551234')).toBe('tel:5551234');
    expect(withScheme('intent://match/1#Intent;scheme=myapp;end')).toBe(
      'intent://match/1#Intent;scheme=myapp;end',
    );
    expect(withScheme('market:details?id=com.example')).toBe('market:details?id=com.example');
    expect(withScheme('example.com:port/path')).toBe('example.com:port/path');
  });
});

describe('sortQuery', () => {
  const sort = sortQuery(['date', 'views'] as const, '-date');

  it('takes each column up or down, and the usual order when there is none', () => {
    expect(sort.parse('views')).toBe('views');
    expect(sort.parse('-views')).toBe('-views');
    expect(sort.parse(undefined)).toBe('-date');
  });

  it('refuses another column, naming the orders it takes', () => {
    const result = sort.safeParse('title');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('sort must be one of date, -date, views, -views');
  });

  it('reads an order as its column and direction', () => {
    expect(parseSort('-views')).toEqual({ column: 'views', desc: true });
    expect(parseSort('date')).toEqual({ column: 'date', desc: false });
  });
});
