import { useEffect, useState, type RefObject } from 'react';

/** Where a box that scrolls sideways has more past its edges, and what its cues must leave clear. */
export interface SideScroll {
  left: boolean;
  right: boolean;
  /** The width of a sticky last column (a list's Actions) over the box's right edge: columns pass under it. */
  cover: number;
  /** The height of the box's own sideways scrollbar. */
  scrollbar: number;
}

const FITS: SideScroll = { left: false, right: false, cover: 0, scrollbar: 0 };

/** Whether more lies past each side of a box; a pixel's leeway for a zoomed page's fractions. */
export function moreBeside(box: Pick<Element, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>) {
  return {
    left: box.scrollLeft > 1,
    right: box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
  };
}

const same = (a: SideScroll, b: SideScroll) =>
  a.left === b.left && a.right === b.right && a.cover === b.cover && a.scrollbar === b.scrollbar;

/**
 * Where the box (a table's, whose first child is the table) has more past its edges, kept as it scrolls
 * and as it or its table changes size (a narrower window, rows drawn in steps). Read in a ResizeObserver's
 * callback, after layout, and on a scroll at most once a frame: nothing is read in the commit that
 * mounts a screen (it had forced the page's first layout before the screen's reads went out,
 * bench/notes/web.md), and a box that fits reads three numbers and renders nothing again.
 */
export function useSideScroll(box: RefObject<HTMLElement | null>): SideScroll {
  const [state, setState] = useState(FITS);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    let cover = 0;
    let scrollbar = 0;
    let frame = 0;
    const show = (more: { left: boolean; right: boolean }) => {
      const next = more.left || more.right ? { ...more, cover, scrollbar } : FITS;
      setState((now) => (same(now, next) ? now : next));
    };
    const measure = () => {
      const more = moreBeside(el);
      if (more.left || more.right) {
        const end = el.querySelector<HTMLElement>(':scope > table > thead > tr > th:last-child');
        cover = end && getComputedStyle(end).position === 'sticky' ? end.offsetWidth : 0;
        scrollbar = el.offsetHeight - el.clientHeight;
      }
      show(more);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        show(moreBeside(el));
      });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    const end = el.querySelector(':scope > table > thead > tr > th:last-child');
    if (end) observer.observe(end);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [box]);
  return state;
}
