import { useSyncExternalStore } from 'react';
import { readSession } from './session';

/**
 * Whether the admin is signed in. `checking` until the auth check made on load answers; it starts
 * signed out when nothing is stored under `admin_download`.
 */
export type AuthStatus = 'checking' | 'signed-in' | 'signed-out';

let status: AuthStatus = readSession() ? 'checking' : 'signed-out';
const listeners = new Set<() => void>();

export function getAuthStatus(): AuthStatus {
  return status;
}

export function setAuthStatus(next: AuthStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthStatus(): AuthStatus {
  return useSyncExternalStore(subscribe, getAuthStatus);
}
