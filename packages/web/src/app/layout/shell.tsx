import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SignInAgainDialog } from '@/features/auth/components/sign-in-again-dialog';
import { RoleContext, useMe } from '@/lib/access';
import { queryClient } from '@/lib/query-client';
import { FullPageLoader } from '@/ui/full-page-loader';
import { OfflineNotice } from '@/ui/offline-notice';
import { FailedLoads } from './failed-loads';
import { ScreenAccess } from './screen-access';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

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
        <TopBar navOpen={navOpen} onToggleNav={() => setNavOpen((open) => !open)} />
        <SideNav open={navOpen} onClose={() => setNavOpen(false)} />
        <main className="px-3 pt-[4.5rem] pb-8 sm:px-6 md:pl-[5.5rem]">
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
      </div>
    </RoleContext>
  );
}
