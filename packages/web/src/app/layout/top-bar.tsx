import { useContext, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { StatsList } from '@/features/system-stats/components/stats-list';
import { paths } from '@/config/paths';
import { RoleContext } from '@/lib/access';
import { useMe } from '@/lib/me-query';
import { cn } from '@/lib/cn';
import { CloseIcon, MenuIcon, MoreIcon } from '@/ui/icons';
import { LogoIcon } from '@/ui/logo-icon';
import { openableBy, topBarLinks } from './nav-items';
import { SIDE_NAV_ID } from './side-nav';

const MOBILE_MENU_ID = 'top-bar-menu';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-9 items-center gap-2 rounded-md px-2.5 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

/** Logo, server status and the top links; under 768 px the links and status fold into a menu. */
export function TopBar({ navOpen, onToggleNav }: { navOpen: boolean; onToggleNav: () => void }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const role = useContext(RoleContext);
  const links = openableBy(role, topBarLinks);
  // A person who may only set up two-step sign-in is refused the stats: they are not polled then.
  const showStats = useMe().data?.data.twoStepSetupRequired !== true;
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="fixed inset-x-0 top-0 z-50 h-14 border-b border-slate-200 bg-white">
      <div className="flex h-full items-center gap-2 px-3 sm:px-4">
        <button
          type="button"
          aria-label="Toggle navigation"
          aria-expanded={navOpen}
          aria-controls={SIDE_NAV_ID}
          onClick={onToggleNav}
          className="inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 md:hidden"
        >
          <MenuIcon />
        </button>
        <Link
          to={paths.home.getHref()}
          aria-label="Streamdesk home"
          className="flex items-center gap-2 rounded-md pr-2"
        >
          <LogoIcon />
          <span className="text-base font-semibold tracking-tight text-slate-900">Streamdesk</span>
        </Link>

        <div className="ml-auto hidden items-center gap-3 md:flex">
          {showStats && <StatsList />}
          <nav aria-label="Account" className="flex items-center gap-1">
            {links.map(({ label, to, icon: Icon }) => (
              // Below lg the stats leave room for the icons only; the title names them on hover.
              <NavLink key={to} to={to} title={label} className={linkClass}>
                <Icon />
                <span className="sr-only lg:not-sr-only">{label}</span>
              </NavLink>
            ))}
          </nav>
        </div>

        <button
          type="button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
          className="ml-auto inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 md:hidden"
        >
          {menuOpen ? <CloseIcon /> : <MoreIcon />}
        </button>
      </div>

      {menuOpen && (
        <div
          aria-hidden="true"
          onClick={() => setMenuOpen(false)}
          className="fixed inset-0 top-14 -z-10 bg-slate-900/30 md:hidden"
        />
      )}
      {menuOpen && (
        <div
          id={MOBILE_MENU_ID}
          className="border-b border-slate-200 bg-white px-3 pt-2 pb-4 shadow-lg md:hidden"
        >
          <nav aria-label="Account" className="flex flex-col gap-1">
            {links.map(({ label, to, icon: Icon }) => (
              <NavLink key={to} to={to} className={linkClass}>
                <Icon />
                {label}
              </NavLink>
            ))}
          </nav>
          <div className="mt-3 border-t border-slate-100 pt-3">
            {showStats && <StatsList layout="menu" />}
          </div>
        </div>
      )}
    </header>
  );
}
