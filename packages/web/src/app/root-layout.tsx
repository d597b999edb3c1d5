import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { verifyStoredSession } from '@/features/auth/api';
import { getAuthStatus } from '@/lib/auth-state';
import { runtimeConfig } from '@/lib/runtime-config';
import { installDevtoolsBlock } from './block-devtools';
import { LeaveGuards } from '@/ui/leave-guard';
import { ScreenLoading } from './screen-loading';

/**
 * Runs once per page load: the sign-in check, devtools blocking, a notice while a screen loads, and the one
 * blocker that asks before unsaved work is lost (LeaveGuards).
 */
export function RootLayout() {
  const navigation = useNavigation();

  useEffect(() => {
    if (getAuthStatus() === 'checking') void verifyStoredSession();
  }, []);

  useEffect(() => (runtimeConfig().blockDevtools ? installDevtoolsBlock(window) : undefined), []);

  return (
    <>
      <ScreenLoading pending={navigation.state !== 'idle'} />
      <Outlet />
      <LeaveGuards />
    </>
  );
}
