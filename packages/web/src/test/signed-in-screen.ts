import { ROLE_GRANTS } from '@streamdesk/contract/roles';
import { afterEach, beforeEach, vi } from 'vitest';
import { setAuthStatus } from '@/lib/auth-state';
import { registerNavigator } from '@/lib/navigation';
import { cancelReloadsAfterUnknownWrite, queryClient } from '@/lib/query-client';
import { writeSession } from '@/lib/session';
import { setRuntimeConfig } from './runtime';

/** The calls every signed-in screen makes: the admin check, the top bar's system stats and who is signed in. */
export const signedInApi = {
  'GET /api/admin/auth/check': { status: true, message: 'Authorized' },
  'GET /api/admin/system/stats': {
    status: true,
    message: 'ok',
    cpuLoad: 1,
    ramUsage: 1,
    storageUsage: 1,
    liveView: 0,
  },
  'GET /api/admin/me': {
    status: true,
    message: 'Signed-in person',
    data: {
      _id: 'p1',
      name: 'admin',
      email: 'admin@example.com',
      role: 'owner',
      permissions: ROLE_GRANTS.owner,
      twoStepSetupRequired: false,
    },
  },
};

/**
 * For a screen test file: every test starts like a fresh page load of a signed-in admin (runtime config,
 * a stored session, the auth check pending, or already passed with `authStatus: 'signed-in'`) and ends
 * with no stubbed fetch, navigator or cached query.
 */
export function signedInScreenTests({
  authStatus = 'checking',
}: { authStatus?: Parameters<typeof setAuthStatus>[0] } = {}): void {
  beforeEach(() => {
    setRuntimeConfig();
    writeSession('tok');
    setAuthStatus(authStatus);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    registerNavigator(null);
    queryClient.clear();
    cancelReloadsAfterUnknownWrite();
  });
}
