import { useSyncExternalStore } from 'react';
import { getAuthStatus, setAuthStatus } from './auth-state';
import { currentPlace, navigateTo } from './navigation';
import { loginHrefReturningTo, SESSION_ENDED } from './return-to';
import { clearSession, readSession, readToken } from './session';

/**
 * What an admin call does when it meets a 401 (docs/decisions/0011-sign-in.md). Mid-work, the admin
 * signs in again in a dialog over the screen, and the calls that met the 401 are sent again once they
 * have: what was typed into a form is not lost, and a save pressed as the session ended is made. On
 * load, or when the admin gives up on the dialog, the app goes to the login page as it did before.
 */

/** Thrown by a call that met a 401; `answer` gives its outcome as the call would have had it. */
export class SessionEndedError<T> extends Error {
  constructor(readonly answer: () => T | Promise<T>) {
    super('The session has ended');
  }
}

/** Forgets the token and goes to the login page, which says why and returns here after sign-in. */
export function goToLogin(): void {
  clearSession();
  setAuthStatus('signed-out');
  navigateTo(loginHrefReturningTo(currentPlace()), { replace: true, state: SESSION_ENDED });
}

type Outcome = 'signed-in' | 'gave-up';

let waiting: { promise: Promise<Outcome>; settle: (outcome: Outcome) => void } | undefined;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((listener) => listener());

/** Another tab of this browser signed in: the session stored there is this tab's too. */
function onStorage() {
  if (readSession()) settle('signed-in');
}

function settle(outcome: Outcome) {
  if (!waiting) return;
  const { settle: done } = waiting;
  waiting = undefined;
  window.removeEventListener('storage', onStorage);
  tell();
  done(outcome);
}

function startWaiting(): Promise<Outcome> {
  if (waiting) return waiting.promise;
  clearSession();
  let done!: (outcome: Outcome) => void;
  const promise = new Promise<Outcome>((resolve) => (done = resolve));
  waiting = { promise, settle: done };
  window.addEventListener('storage', onStorage);
  tell();
  return promise;
}

/** The admin signed in again in the dialog (the session is stored): the waiting calls are sent again. */
export const signedInAgain = () => settle('signed-in');

/** The admin chose the login page instead: the waiting calls answer with their 401, and the app goes there. */
export function giveUpSigningIn(): void {
  settle('gave-up');
  goToLogin();
}

/** Whether some call is waiting for the admin to sign in again (the dialog is asked for). */
export const signInAgainNeeded = () => waiting !== undefined;

export function useSignInAgainNeeded(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, signInAgainNeeded);
}

/**
 * Runs an admin call; when it meets a 401 while the admin is signed in, waits for them to sign in again
 * and runs it again. On load (the stored session is being checked) and after giving up, the call's own
 * answer to the 401 stands. An abort while waiting rejects with the signal's reason, as fetch does.
 */
export async function sendSignedIn<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (;;) {
    const sentWith = readToken();
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof SessionEndedError)) throw error;
      // Signed in again (here or in another tab) while this call was out, as a poll sent during the
      // dialog is: its 401 is about the session before. Sent again, it must not clear the new one.
      const now = readToken();
      if (now && now !== sentWith) continue;
      if (getAuthStatus() !== 'signed-in') {
        goToLogin();
        return (await error.answer()) as T;
      }
      if ((await untilAborted(startWaiting(), signal)) !== 'signed-in') return (await error.answer()) as T;
    }
  }
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}
