import { useEffect, useRef, useState } from 'react';

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
 * Whether the element on `ref` has come within NEAR_SCREEN_PX of the window (and stays so once it has).
 * Not watching, or without IntersectionObserver (jsdom), it is near from the start.
 */
export function useNearScreen<T extends Element>(watching: boolean) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => !watching || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    return watch(element, () => setNear(true));
  }, [near]);
  return { ref, near };
}
