import { authRoutes, type LoginBody } from '@streamdesk/contract/auth';
import { messages } from '@streamdesk/contract/messages';
import { callApi, isNetworkFailure } from '@/lib/api-client';
import { isTimedOut } from '@/lib/deadlines';
import { setAuthStatus } from '@/lib/auth-state';
import { clearAllStorage, clearSession, readSession, writeSession } from '@/lib/session';
import { signedInAgain } from '@/lib/session-ended';

let verifying: Promise<void> | null = null;

/**
 * On load: signed in only if `admin_download` holds a session and the auth check accepts its token
 * (doc 1 section 2). A rejected token is forgotten; an unreachable server keeps it for a retry.
 */
export function verifyStoredSession(): Promise<void> {
  verifying ??= (async () => {
    if (!readSession()) {
      setAuthStatus('signed-out');
      return;
    }
    const result = await callApi(authRoutes.check);
    if (result.status) {
      setAuthStatus('signed-in');
      return;
    }
    if (!isNetworkFailure(result)) clearSession();
    setAuthStatus('signed-out');
  })().finally(() => {
    verifying = null;
  });
  return verifying;
}

/**
 * Signs in; on success the token is stored under admin_download and the app is signed in. Calls waiting
 * for a sign-in (lib/session-ended.ts) go on, whichever form signed in.
 */
export async function login(body: LoginBody) {
  const result = await callApi(authRoutes.login, { body });
  // A sign-in past its deadline changed nothing the admin could check: the message says only to retry.
  if (isTimedOut(result)) return { ...result, message: messages.readTimedOut };
  if (result.status && 'token' in result) {
    writeSession(result.token);
    setAuthStatus('signed-in');
    signedInAgain();
  }
  return result;
}

/** Revokes the token (best effort), then forgets everything stored in this browser. */
export function signOut(): void {
  if (readSession()) void callApi(authRoutes.logout);
  clearAllStorage();
  setAuthStatus('signed-out');
}
