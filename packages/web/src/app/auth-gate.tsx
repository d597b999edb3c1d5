import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStatus } from '@/lib/auth-state';
import { returnPath } from '@/lib/return-to';
import { FullPageLoader } from '@/ui/full-page-loader';
import { SignedOutPage } from './pages/signed-out-page';

/** Signed-in routes: the signed-out fallback page stands in for every one of them. */
export function RequireSignedIn() {
  const status = useAuthStatus();
  if (status === 'checking') return <FullPageLoader label="Checking sign-in" />;
  return status === 'signed-in' ? <Outlet /> : <SignedOutPage />;
}

/** The login page: a signed-in admin goes straight on, to the screen it names (`next`) or the dashboard. */
export function RedirectIfSignedIn() {
  const status = useAuthStatus();
  const { search } = useLocation();
  if (status === 'checking') return <FullPageLoader label="Checking sign-in" />;
  return status === 'signed-in' ? <Navigate to={returnPath(search)} replace /> : <Outlet />;
}
