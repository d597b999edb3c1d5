import { useLayoutEffect, useRef, useState } from 'react';

/**
 * How far below or above the window an element counts as near it: about four list rows. Chromium's own
 * `loading="lazy"` fetches images up to 1,250 px away, 30 rows of the in-house list (60 images, 6 at a
 * time) inside the first load of a screen that shows 8 (bench/notes/web.md, 2026-12-05).
 */
export const NEAR_SCREEN_PX = 240;

let observer: IntersectionObserver | undefined;
const whenNear = new Map<Element, () => void>();

function stopWatching(element: Element) {
  observer?.unobserve(element);
  whenNear.delete(element);
}

/** One observer for every watched element (a list has hundreds), each called once, when it comes near. */
function watch(element: Element, onNear: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        whenNear.get(entry.target)?.();
        stopWatching(entry.target);
      }
    },
    { rootMargin: `${NEAR_SCREEN_PX}px 0px` },
  );
  whenNear.set(element, onNear);
  observer.observe(element);
  return () => stopWatching(element);
}

/**
 * Whether the element is within NEAR_SCREEN_PX of the window now. An element with no box (not laid out,
 * or hidden) is left to the observer.
 */
function isNearNow(element: Element): boolean {
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  return (
    box.bottom >= -NEAR_SCREEN_PX &&
    box.top <= window.innerHeight + NEAR_SCREEN_PX &&
    box.right >= 0 &&
    box.left <= window.innerWidth
  );
}

/**
 * Whether the element on `ref` has come within NEAR_SCREEN_PX of the window (and stays so once it has).
 * Not watching, or without IntersectionObserver (jsdom), it is near from the start.
 *
 * Measured before the first paint (a layout effect): an element already near, a list's first screen of
 * rows, is fetched from the commit that draws it. The observer's first report comes a frame and a render
 * later, and the rows' images then ended the load 0.1-0.25 s after the rows showed, CPU slowed 4x
 * (bench/notes/web.md, 2026-12-05). The layout this reads is the one the paint would do anyway.
 */
export function useNearScreen<T extends Element>(watching: boolean) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => !watching || typeof IntersectionObserver === 'undefined');
  useLayoutEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (isNearNow(element)) {
      setNear(true);
      return;
    }
    return watch(element, () => setNear(true));
  }, [near]);
  return { ref, near };
}
