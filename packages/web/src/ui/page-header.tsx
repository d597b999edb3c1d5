import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { TOASTS_TOP } from './toasts-top';

/** What a person presses or types in; a header with none of them keeps the toasts under the top bar. */
const CONTROLS = 'button, a[href], input, select, textarea, [role="button"], [role="switch"]';

/**
 * Keeps the toasts (top right) below `actions` while they are on screen: a toast over 'Save' or 'Clear
 * data' hid the button a person was about to press (issue 36). Measured from the page's top, so a
 * scrolled page does not move them.
 */
function useToastsBelow(actions: RefObject<HTMLDivElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = actions.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const place = () => {
      // Only over controls: pushed below a status badge alone, a toast covered the form under it instead
      // (Reels' 'Not Running' put an upload error over the Upload button).
      if (!element.querySelector(CONTROLS)) return root.style.removeProperty(TOASTS_TOP);
      root.style.setProperty(
        TOASTS_TOP,
        `${Math.round(element.getBoundingClientRect().bottom + window.scrollY + 8)}px`,
      );
    };
    // The header moves when something above it comes or goes (the shell's failed-load alert). The
    // observer's first report, after the browser's own layout, places them first: a read here forced the
    // page's first layout in the commit that mounts the screen, before the screen's reads went out
    // (bench/notes/web.md, 2026-12-05).
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : undefined;
    if (!observer) place();
    observer?.observe(element);
    const content = element.closest('main');
    if (content) observer?.observe(content);
    window.addEventListener('resize', place);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty(TOASTS_TOP);
    };
  }, [actions, shown]);
}

/** The screen's heading (its h1) with optional actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const actionsRef = useRef<HTMLDivElement>(null);
  useToastsBelow(actionsRef, Boolean(actions));
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-lg font-semibold text-slate-900 sm:text-xl">{title}</h1>
        {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && (
        <div ref={actionsRef} className="flex flex-wrap items-center gap-2">
          {actions}
        </div>
      )}
    </div>
  );
}
