import { startTransition, useEffect, useState } from 'react';

/** About a first screen of rows and then some: what the first paint of a long list draws. */
export const FIRST_ROWS = 25;
/** The rows each later step adds: small enough that a step's commit and layout stay short. */
export const ROWS_PER_STEP = 50;

/**
 * How many of a list's `total` rows to draw: the first FIRST_ROWS on the list's first paint, then
 * ROWS_PER_STEP more after each paint until all are in (a second or so with the CPU slowed 4x), and from
 * then on all of them, whatever the list holds next (another page draws at once, as before). Drawing 200
 * rows took 0.65 s of rendering and 0.3 s of layout before the first paint on a slowed CPU
 * (bench/notes/web.md); the first screen now shows after a tenth of that. Every row is in the page soon
 * after, so selecting all, bulk actions and the browser's find keep working; selection and counts are the
 * list's data's, never the drawn rows'.
 */
export function useRowsInSteps(total: number): number {
  const [shown, setShown] = useState(FIRST_ROWS);
  const done = shown === Infinity;

  useEffect(() => {
    if (done || total === 0) return;
    if (shown >= total) {
      // A short list: drawn whole already.
      setShown(Infinity);
      return;
    }
    // A frame, then a task: the step starts after this paint, not before it. A transition, so that a
    // click or a key between steps goes first.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // The step that reaches the end draws all at once: no extra render of the whole list after it.
      timer = setTimeout(() =>
        startTransition(() => setShown((n) => (n + ROWS_PER_STEP >= total ? Infinity : n + ROWS_PER_STEP))),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [done, shown, total]);

  return shown;
}
