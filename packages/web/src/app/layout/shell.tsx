import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SignInAgainDialog } from '@/features/auth/components/sign-in-again-dialog';
import { RoleContext } from '@/lib/access';
import { useMe } from '@/lib/me-query';
import { queryClient } from '@/lib/query-client';
import { cn } from '@/lib/cn';
import { FullPageLoader } from '@/ui/full-page-loader';
import { LeaveGuards } from '@/ui/leave-guard';
import { OfflineNotice } from '@/ui/offline-notice';
import { FailedLoads } from './failed-loads';
import { ScreenAccess } from './screen-access';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { useNavExpanded } from './use-nav-expanded';

const CONTENT_ID = 'content';

/** The signed-in chrome: top bar, side navigation and the current screen, with the query client. */
export function Shell() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInChrome />
    </QueryClientProvider>
  );
}

/** Inside the query client: the role from `me` reaches every write control through RoleContext. */
function SignedInChrome() {
  const [navOpen, setNavOpen] = useState(false);
  const [navExpanded, setNavExpanded] = useNavExpanded();
  const { pathname } = useLocation();
  const role = useMe().data?.data.role;
  useEffect(() => setNavOpen(false), [pathname]);
  useEffect(() => {
    if (!navOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setNavOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navOpen]);

  return (
    <RoleContext value={role}>
      <div className="min-h-dvh bg-slate-100">
        <SkipToContent />
        <TopBar navOpen={navOpen} onToggleNav={() => setNavOpen((open) => !open)} />
        <SideNav
          open={navOpen}
          onClose={() => setNavOpen(false)}
          expanded={navExpanded}
          onExpandedChange={setNavExpanded}
        />
        <main
          id={CONTENT_ID}
          tabIndex={-1}
          className={cn(
            'px-3 pt-[4.5rem] pb-8 focus:outline-none sm:px-6',
            navExpanded ? 'md:pl-[15.5rem]' : 'md:pl-[5.5rem]',
          )}
        >
          <div className="mx-auto max-w-7xl">
            <FailedLoads />
            <Suspense fallback={<FullPageLoader />}>
              <ScreenAccess>
                <Outlet />
              </ScreenAccess>
            </Suspense>
          </div>
        </main>
        <OfflineNotice />
        <SignInAgainDialog />
        {/* The app's one blocker: every screen that holds unsaved work is drawn in this shell. */}
        <LeaveGuards />
      </div>
    </RoleContext>
  );
}

/**
 * The first stop of the Tab key: past the top bar and the side navigation to the screen. Focus is moved
 * by hand, as the fragment would become a history entry the router reads.
 */
function SkipToContent() {
  return (
    <a
      href={`#${CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(CONTENT_ID);
        main?.focus();
        main?.scrollIntoView?.({ block: 'start' });
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg focus:ring-2 focus:ring-brand-500"
    >
      Skip to content
    </a>
  );
}
