import { NavLink, useLocation } from 'react-router';
import { cn } from '@/lib/cn';

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
 * Tabs that do not fit wrap onto another line rather than scroll sideways: a bar that scrolled hid the
 * Android ad kinds past Banner Ads on a phone with nothing to say more were there, and every tab in view
 * needs no cue at all (docs/decisions/0013-screens.md).
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
  return (
    <nav
      aria-label={label}
      className={cn(style.list, variant === 'pills' && 'inline-flex rounded-lg bg-slate-200/70 p-1')}
    >
      <ul className="flex flex-wrap gap-1">
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
