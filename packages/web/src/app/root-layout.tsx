import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { verifyStoredSession } from '@/features/auth/api';
import { getAuthStatus } from '@/lib/auth-state';
import { runtimeConfig } from '@/lib/runtime-config';
import { installDevtoolsBlock } from './block-devtools';
import { ScreenLoading } from './screen-loading';

/**
 * Runs once per page load: the sign-in check, devtools blocking and a notice while a screen loads. The one
 * blocker that asks before unsaved work is lost (LeaveGuards) is the shell's: only signed-in screens hold
 * work, and its dialog's code is not the sign-in page's to load (docs/decisions/0080).
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
    </>
  );
}
