import { useContext } from 'react';
import { Link, useLocation } from 'react-router';
import { RoleContext } from '@/lib/access';
import { cn } from '@/lib/cn';
import { ChevronLeftIcon, ChevronRightIcon } from '@/ui/icons';
import { activeNavKey, openableBy, sideNavItems } from './nav-items';

export const SIDE_NAV_ID = 'side-navigation';

/** A label hidden in the collapsed rail (shown on hover and focus), always shown when expanded. */
const labelClass = (expanded: boolean) =>
  expanded
    ? undefined
    : 'transition-opacity duration-150 md:opacity-0 md:group-hover/nav:opacity-100 md:group-has-focus-visible/nav:opacity-100';

/**
 * A dark icon rail that expands on hover (or keyboard focus) on desktop, or stays expanded with its
 * labels once "Expand sidebar" is pressed (then "Collapse sidebar"); on mobile a drawer opened by the top bar's "Toggle
 * navigation" button. Labels stay in the accessibility tree when collapsed.
 */
export function SideNav({
  open,
  onClose,
  expanded,
  onExpandedChange,
}: {
  open: boolean;
  onClose: () => void;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}) {
  const { pathname } = useLocation();
  const active = activeNavKey(pathname);
  const items = openableBy(useContext(RoleContext), sideNavItems);
  return (
    <>
      {open && (
        <div
          aria-hidden="true"
          onClick={onClose}
          className="fixed inset-0 top-14 z-30 bg-slate-900/40 md:hidden"
        />
      )}
      <nav
        id={SIDE_NAV_ID}
        aria-label="Main"
        className={cn(
          'group/nav fixed top-14 bottom-0 left-0 z-40 overflow-hidden bg-slate-900 transition-[width,translate] duration-200',
          expanded
            ? 'w-64 md:w-56'
            : 'w-64 md:w-16 md:hover:w-56 md:has-focus-visible:w-56 md:hover:shadow-xl',
          open ? 'translate-x-0' : 'max-md:invisible max-md:-translate-x-full',
        )}
      >
        <ul className="flex flex-col gap-1 p-2 pb-14">
          {items.map(({ key, label, to, icon: Icon }) => {
            const isActive = key === active;
            return (
              <li key={key}>
                <Link
                  to={to}
                  aria-current={isActive ? 'page' : undefined}
                  className={cn(
                    'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
                    'focus-visible:outline-brand-500',
                    isActive
                      ? 'bg-brand-600 text-white'
                      : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                  )}
                >
                  <Icon />
                  <span className={labelClass(expanded)}>{label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={SIDE_NAV_ID}
          onClick={() => onExpandedChange(!expanded)}
          className={cn(
            'absolute inset-x-2 bottom-2 flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium whitespace-nowrap max-md:hidden',
            'text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-brand-500',
          )}
        >
          {expanded ? <ChevronLeftIcon /> : <ChevronRightIcon />}
          <span className={labelClass(expanded)}>{expanded ? 'Collapse sidebar' : 'Expand sidebar'}</span>
        </button>
      </nav>
    </>
  );
}
