import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { moreBeside } from './use-side-scroll';

export interface TabLink {
  label: string;
  to: string;
  /** Other paths that show this tab's screen (`/` is the Shortcut screen). */
  aliases?: readonly string[];
  /** Overrides the path match, for tabs that stand for a group of paths (a platform). */
  active?: boolean;
}

const styles = {
  underline: {
    list: 'border-b border-slate-200',
    item: '-mb-px h-10 border-b-2 px-3',
    on: 'border-brand-600 text-brand-700',
    off: 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
  },
  pills: {
    list: '',
    item: 'h-8 rounded-md px-3',
    on: 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200',
    off: 'text-slate-600 hover:text-slate-900',
  },
};

/**
 * A bar of links between sibling screens (Shortcut / Story / Story Ads); the current one is marked.
 * On a phone (under 640 px) the bar is one line that scrolls sideways: the seven ad kinds had taken three
 * lines above the screen's own heading (issue 36, 0060). So that none is hidden without a cue, the bar
 * fades at an edge while more tabs lie past it (marked anew on a scroll, a navigation and a new width),
 * and the current tab is scrolled into view.
 */
export function Tabs({
  tabs,
  label,
  variant = 'underline',
}: {
  tabs: readonly TabLink[];
  label: string;
  variant?: 'underline' | 'pills';
}) {
  const { pathname } = useLocation();
  const style = styles[variant];
  const list = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const bar = list.current;
    // Only a narrow window's bar scrolls: a wide one's reads of its box forced the page's first layout in
    // the commit that mounts the screen, before the screen's reads went out (bench/notes/web.md, 2026-12-05).
    if (!bar || !isNarrow()) return;
    const current = bar.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && bar.scrollWidth > bar.clientWidth)
      bar.scrollLeft = current.offsetLeft - (bar.clientWidth - current.offsetWidth) / 2;
    markMore(bar);
  }, [pathname]);
  // A new width (the window turned or resized, the side menu opened) moves the edges without a scroll:
  // the fades follow it, as they follow a scroll. Each tab is watched too, for its text's late font.
  useEffect(() => {
    const bar = list.current;
    if (!bar || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => markMore(bar));
    for (const box of [bar, ...Array.from(bar.children)]) observer.observe(box);
    return () => observer.disconnect();
  }, [tabs]);
  return (
    <nav
      aria-label={label}
      className={cn(style.list, variant === 'pills' && 'inline-flex rounded-lg bg-slate-200/70 p-1')}
    >
      <ul
        ref={list}
        onScroll={(e) => markMore(e.currentTarget)}
        className={cn(
          'relative flex flex-wrap gap-1',
          variant === 'underline' &&
            'max-sm:flex-nowrap max-sm:overflow-x-auto max-sm:[scrollbar-width:none]',
          variant === 'underline' && fades,
        )}
      >
        {tabs.map((tab) => {
          const forced = tab.active ?? (tab.aliases?.includes(pathname) || undefined);
          return (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end
                aria-current={forced === undefined ? undefined : forced ? 'page' : false}
                className={({ isActive }) =>
                  cn(
                    'inline-flex items-center text-sm font-medium whitespace-nowrap transition-colors',
                    style.item,
                    (forced ?? isActive) ? style.on : style.off,
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The width under which the bar is one scrolling line (Tailwind's `max-sm`); jsdom has no matchMedia. */
const isNarrow = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(width < 40rem)').matches;

/** A bar's edge fades where more tabs lie past it: `data-less` at its left, `data-more` at its right. */
const fades = [
  'max-sm:data-more:[mask-image:linear-gradient(to_right,#000_calc(100%-2rem),transparent)]',
  'max-sm:data-less:[mask-image:linear-gradient(to_left,#000_calc(100%-2rem),transparent)]',
  'max-sm:data-less:data-more:[mask-image:linear-gradient(to_right,transparent,#000_2rem,#000_calc(100%-2rem),transparent)]',
].join(' ');

/** Marks which of a bar's edges have tabs past them (`data-less`, `data-more`), which it fades. */
function markMore(bar: HTMLElement) {
  const mark = (name: 'less' | 'more', on: boolean) => {
    if (on) bar.dataset[name] = '';
    else delete bar.dataset[name];
  };
  const { left, right } = moreBeside(bar);
  mark('less', left);
  mark('more', right);
}
