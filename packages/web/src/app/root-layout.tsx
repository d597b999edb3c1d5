import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { verifyStoredSession } from '@/features/auth/api';
import { getAuthStatus } from '@/lib/auth-state';
import { runtimeConfig } from '@/lib/runtime-config';
import { installDevtoolsBlock } from './block-devtools';

/** Runs once per page load: the sign-in check, devtools blocking, and a bar while a screen loads. */
export function RootLayout() {
  const navigation = useNavigation();

  useEffect(() => {
    if (getAuthStatus() === 'checking') void verifyStoredSession();
  }, []);

  useEffect(() => (runtimeConfig().blockDevtools ? installDevtoolsBlock(window) : undefined), []);

  return (
    <>
      {navigation.state !== 'idle' && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-brand-500"
        />
      )}
      <Outlet />
    </>
  );
}
