import { afterEach, beforeEach, vi } from 'vitest';
import { setAuthStatus } from '@/lib/auth-state';
import { registerNavigator } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { writeSession } from '@/lib/session';
import { mockApi, renderApp } from '@/test/render-app';
import { setRuntimeConfig } from '@/test/runtime';
import { signedInApi as shellApi } from '@/test/signed-in-screen';

/** The calls the signed-in shell makes around every screen. */
/** For screen tests: each test starts with a stored session and ends with a clean query cache. */
export function signedInScreens() {
  beforeEach(() => {
    setRuntimeConfig();
    writeSession('tok');
    setAuthStatus('checking');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    registerNavigator(null);
    queryClient.clear();
  });
}

/** Renders the whole signed-in app at `path`, answering the shell's calls plus `api`. */
export function openScreen(path: string, api: Parameters<typeof mockApi>[0]) {
  mockApi({ ...shellApi, ...api });
  return renderApp(path);
}
