import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStatus } from '@/lib/auth-state';
import { FullPageLoader } from '@/ui/full-page-loader';
import { SignedOutPage } from './pages/signed-out-page';

/** Signed-in routes: the signed-out fallback page stands in for every one of them. */
export function RequireSignedIn() {
  const status = useAuthStatus();
  if (status === 'checking') return <FullPageLoader label="Checking sign-in" />;
  return status === 'signed-in' ? <Outlet /> : <SignedOutPage />;
}

/** The login page: a signed-in admin goes straight to the dashboard. */
export function RedirectIfSignedIn() {
  const status = useAuthStatus();
  if (status === 'checking') return <FullPageLoader label="Checking sign-in" />;
  return status === 'signed-in' ? <Navigate to={paths.home.getHref()} replace /> : <Outlet />;
}
