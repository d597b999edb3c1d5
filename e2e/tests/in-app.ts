import type { Page, Request } from '@playwright/test';

/** Requests in flight on a page, and when the last one began or ended (`trackRequests`). */
const traffic = new WeakMap<Page, { open: Set<Request>; changed: number }>();

/** Starts following `page`'s requests, for `requestsSettled`; idempotent. */
function trackRequests(page: Page) {
  let seen = traffic.get(page);
  if (seen) return seen;
  seen = { open: new Set(), changed: Date.now() };
  traffic.set(page, seen);
  const { open } = seen;
  const begun = (request: Request) => {
    open.add(request);
    seen.changed = Date.now();
  };
  const ended = (request: Request) => {
    open.delete(request);
    seen.changed = Date.now();
  };
  page.on('request', begun);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return seen;
}

/**
 * Opens `path` as the back office's own links do: through its router, without loading the page again,
 * and resolves once the screen is drawn and no request has been in flight for 150 ms (its code and data
 * are in; Playwright's `networkidle` says this of a page load only, and waits 500 ms). A full load of each
 * screen started the whole app again in Chromium (its code compiled, the session checked) for walks that
 * only look at what each screen shows: each screen's own spec loads it as a person opening a link does.
 */
export async function openInApp(page: Page, path: string) {
  const seen = trackRequests(page);
  seen.changed = Date.now();
  // The first screen is loaded: a page that has not loaded the app yet (blank, or the health check
  // `sessionPage` stops at) has no router to ask.
  const inApp = await page.evaluate(() => Boolean(document.getElementById('root')?.childElementCount));
  if (!inApp) await page.goto(path);
  else
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  // Two frames: React has drawn what the route change asked for before its requests are counted.
  await page.evaluate(
    () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
  );
  while (seen.open.size > 0 || Date.now() - seen.changed < 150) await page.waitForTimeout(25);
}
