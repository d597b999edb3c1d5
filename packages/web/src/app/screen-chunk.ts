import type { ComponentType } from 'react';

/** A screen's code that has not arrived after this long is given up on (doc 1 section 9). */
export const SCREEN_CHUNK_TIMEOUT_MS = 120_000;

/**
 * A screen's code that did not arrive (offline, a dropped connection, or an old tab after a deploy). The
 * browser keeps a failed module load, so only a page load fetches it again (pages/route-error.tsx).
 */
export class ScreenLoadError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ScreenLoadError';
  }
}

/**
 * A route's `lazy`: each screen is its own chunk, fetched when its route is first visited (keeps login
 * small). A chunk that fails, or does not arrive within the timeout, rejects with a `ScreenLoadError`, so
 * the router shows its error page instead of a loader that never ends.
 */
export const screenChunk =
  (load: () => Promise<{ default: ComponentType }>, timeoutMs = SCREEN_CHUNK_TIMEOUT_MS) =>
  async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ScreenLoadError(`The screen did not load within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
    });
    try {
      return { Component: (await Promise.race([load(), timedOut])).default };
    } catch (error) {
      // Browsers reject a module fetch that failed with a TypeError ('Failed to fetch dynamically imported
      // module' in Chromium); anything else (the timeout, a bug in the screen's code) goes on as it is.
      if (error instanceof TypeError)
        throw new ScreenLoadError('The screen could not be loaded', { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
