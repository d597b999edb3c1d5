import { ADMIN_STORAGE_KEY } from '@streamdesk/contract/auth';
import { describe, expect, it } from 'vitest';
import { clearAllStorage, clearSession, readSession, readToken, writeSession } from './session';

describe('session storage', () => {
  it('stores the token and the signed-in flag under admin_download', () => {
    writeSession('tok-1');
    expect(ADMIN_STORAGE_KEY).toBe('admin_download');
    expect(JSON.parse(localStorage.getItem('admin_download')!)).toEqual({ token: 'tok-1', isAdmin: true });
    expect(readSession()).toEqual({ token: 'tok-1', isAdmin: true });
    expect(readToken()).toBe('tok-1');
  });

  it('treats a missing, malformed or flagless value as no session', () => {
    expect(readSession()).toBeNull();
    localStorage.setItem('admin_download', '{not json');
    expect(readSession()).toBeNull();
    localStorage.setItem('admin_download', JSON.stringify({ token: 'x' }));
    expect(readSession()).toBeNull();
    localStorage.setItem('admin_download', JSON.stringify({ token: '', isAdmin: true }));
    expect(readToken()).toBeNull();
  });

  it('clearSession forgets only the session; clearAllStorage empties local and session storage', () => {
    writeSession('tok');
    localStorage.setItem('other', '1');
    sessionStorage.setItem('tab', '1');
    clearSession();
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('other')).toBe('1');
    clearAllStorage();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
