import { ADMIN_STORAGE_KEY } from '@streamdesk/contract/auth';

/** What the back office keeps under `admin_download` (doc 1 section 3, "Browser storage"). */
export interface StoredSession {
  token: string;
  isAdmin: true;
}

export function readSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(ADMIN_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredSession> | null;
    if (!value || typeof value.token !== 'string' || !value.token || value.isAdmin !== true) return null;
    return { token: value.token, isAdmin: true };
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  return readSession()?.token ?? null;
}

export function writeSession(token: string): void {
  const session: StoredSession = { token, isAdmin: true };
  localStorage.setItem(ADMIN_STORAGE_KEY, JSON.stringify(session));
}

export function clearSession(): void {
  localStorage.removeItem(ADMIN_STORAGE_KEY);
}

/** Logout clears everything this origin stored, not only the session (doc 1 section 2, "Chrome"). */
export function clearAllStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
}
