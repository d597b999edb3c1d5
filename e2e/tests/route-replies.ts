import type { Page } from '@playwright/test';

/**
 * The reply to the page's next call of `route` (a contract route: its method and path), once it comes: for a
 * step that must not go on before a save has landed, where the toast up may still be the save before's.
 * Ask for it before the click that makes the call.
 */
export const nextReply = (page: Page, route: { method: string; path: string }) =>
  page.waitForResponse(
    (res) => res.request().method() === route.method && new URL(res.url()).pathname === route.path,
  );
