import { describe, expect, it, vi } from 'vitest';
import { getAuthStatus, setAuthStatus } from '@/lib/auth-state';
import { authRoutes } from '@streamdesk/contract/auth';
import { callApi } from '@/lib/api-client';
import { readSession, writeSession } from '@/lib/session';
import { signInAgainNeeded } from '@/lib/session-ended';
import { hangingFetch, jsonResponse, stubbedFetch } from '@/test/runtime';
import { login } from './api';

const fetchMock = stubbedFetch();
const body = { a_email: 'admin@example.com', a_password: 'secret' };

describe('login', () => {
  it('stores the token and signs in', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: true, message: 'Login successful', token: 'tok' }));
    expect(await login(body)).toMatchObject({ status: true });
    expect([readSession()?.token, getAuthStatus()]).toEqual(['tok', 'signed-in']);
  });

  it('lets calls waiting for a sign-in go on, whichever form signed in', async () => {
    writeSession('expired');
    setAuthStatus('signed-in');
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url) === '/api/admin/login')
        return jsonResponse({ status: true, message: 'ok', token: 'tok' });
      return (init?.headers as Record<string, string>).authorization === 'Bearer tok'
        ? jsonResponse({ status: true, message: 'Authorized' })
        : jsonResponse({ status: false, message: 'Please sign in again' }, 401);
    });
    const waiting = callApi(authRoutes.check);
    await vi.waitFor(() => expect(signInAgainNeeded()).toBe(true));
    await login(body);
    expect(await waiting).toEqual({ status: true, message: 'Authorized' });
    expect(signInAgainNeeded()).toBe(false);
  });

  it('after 30 s without a reply, says to try again (not to check a list) and stays signed out', async () => {
    setAuthStatus('signed-out');
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    let result: unknown;
    void login(body).then((r) => (result = r));
    // The body is sealed first (WebCrypto, off the fake clock); the deadline starts with the fetch.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(31_000);
    expect(result).toMatchObject({
      status: false,
      message: 'The server did not answer in time. Please try again.',
    });
    expect(getAuthStatus()).toBe('signed-out');
  });
});
