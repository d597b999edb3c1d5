import type { ComponentType } from 'react';

/** A screen's code that has not arrived after this long is given up on (doc 1 section 9). */
export const SCREEN_CHUNK_TIMEOUT_MS = 120_000;

/**
 * A route's `lazy`: each screen is its own chunk, fetched when its route is first visited (keeps login
 * small). A chunk that does not arrive within the timeout rejects, so the router shows its error page
 * instead of a loader that never ends.
 */
export const screenChunk =
  (load: () => Promise<{ default: ComponentType }>, timeoutMs = SCREEN_CHUNK_TIMEOUT_MS) =>
  async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The screen did not load within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
    });
    try {
      return { Component: (await Promise.race([load(), timedOut])).default };
    } finally {
      clearTimeout(timer);
    }
  };
