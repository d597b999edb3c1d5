import { describe, expect, it } from 'vitest';
import { loginHrefReturningTo, returnPath } from './return-to';

describe('where sign-in returns to', () => {
  it('carries the screen and its query in the login URL, and goes back to it', () => {
    const href = loginHrefReturningTo({ pathname: '/add/liveMatch', search: '?page=2' });
    expect(href).toBe('/admin/panel/login?next=%2Fadd%2FliveMatch%3Fpage%3D2');
    expect(returnPath(new URL(href, 'http://x').search)).toBe('/add/liveMatch?page=2');
  });

  it('does not carry the dashboard, the login, logout or error pages', () => {
    for (const pathname of ['/', '/admin/panel/login', '/Logout', '/Error'])
      expect(loginHrefReturningTo({ pathname, search: '?a=1' })).toBe('/admin/panel/login');
    expect(returnPath('?next=%2FLogout')).toBe('/');
    expect(returnPath('?next=%2Fadmin%2Fpanel%2Flogin%3Fnext%3D%2Fpolicy')).toBe('/');
  });

  it('goes to the dashboard for anything but a path of this app', () => {
    for (const next of [
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ])
      expect(returnPath(`?${new URLSearchParams({ next })}`), next).toBe('/');
    expect(returnPath('')).toBe('/');
  });
});
