import { paths } from '@/config/paths';

/**
 * Where sign-in returns to. A session that ends mid-work (expired, revoked) sends the admin to the login
 * page; once signed in again they land on the screen they were on, not on the dashboard. The place
 * travels in the login URL (`?next=`), so it survives a reload of the login page.
 */
const NEXT = 'next';

/** Screens not worth returning to: the login and logout pages, the error page and the dashboard itself. */
const notReturnedTo = new Set([paths.login.path, paths.logout.path, paths.error.path, paths.home.path]);

/** The login page's URL, carrying `at` (a path with its query) unless it is not worth returning to. */
export function loginHrefReturningTo(at: { pathname: string; search?: string }): string {
  if (notReturnedTo.has(at.pathname)) return paths.login.getHref();
  return `${paths.login.getHref()}?${new URLSearchParams({ [NEXT]: at.pathname + (at.search ?? '') })}`;
}

/**
 * The screen a sign-in goes on to: the login URL's `next` when it is a path of this app (one leading
 * slash, so never another site's `//host` or `/\host`), else the dashboard.
 */
export function returnPath(loginSearch: string): string {
  const next = new URLSearchParams(loginSearch).get(NEXT);
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return paths.home.getHref();
  const pathname = next.split(/[?#]/)[0]!;
  return notReturnedTo.has(pathname) ? paths.home.getHref() : next;
}

/**
 * The login page's navigation state when a session ended mid-work: the page says so itself, as the
 * screen that met the 401 may be gone before it could (a form's own callbacks do not run once unmounted).
 */
export const SESSION_ENDED = { sessionEnded: true } as const;

export const sessionEnded = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { sessionEnded?: unknown }).sessionEnded === true;
