import { authMessages } from '@streamdesk/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthStatus } from '@/lib/auth-state';
import { registerNavigator } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { readSession, writeSession } from '@/lib/session';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse, setRuntimeConfig } from '@/test/runtime';

const stats = { status: true, message: 'ok', cpuLoad: 12.4, ramUsage: 64, storageUsage: 91, liveView: 3 };
const signedInApi = {
  'GET /api/admin/auth/check': { status: true, message: 'Authorized' },
  'GET /api/admin/system/stats': stats,
  'GET /api/App/policy/admin/get': {
    status: true,
    message: 'Policy',
    data: { policy_title: 'Privacy Policy', policy_description: '', updatedAt: null },
  },
};

/** Starts like a fresh page load with (or without) a stored session. */
function load(session: string | null) {
  if (session) writeSession(session);
  setAuthStatus(session ? 'checking' : 'signed-out');
}

beforeEach(() => setRuntimeConfig());
afterEach(() => {
  vi.unstubAllGlobals();
  registerNavigator(null);
  queryClient.clear();
});

describe('signed out', () => {
  it('shows the signed-out fallback on any signed-in path', async () => {
    load(null);
    mockApi({});
    renderApp('/controller');
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/admin/panel/login?next=%2Fcontroller',
    );
  });

  it('forgets a token the auth check rejects', async () => {
    load('revoked');
    mockApi({
      'GET /api/admin/auth/check': () => jsonResponse({ status: false, message: 'Please sign in' }, 401),
    });
    const { router } = renderApp('/add/story/video?page=2');
    expect(await screen.findByRole('heading', { name: 'Sign in to Streamdesk' })).toBeInTheDocument();
    expect(readSession()).toBeNull();
    expect(router.state.location.search).toBe('?next=%2Fadd%2Fstory%2Fvideo%3Fpage%3D2');
  });
});

describe('a session that ends mid-work', () => {
  /** Authorized at load; then the session ends: admin calls get a 401 until the admin signs in as tok-2. */
  function sessionEndingApi() {
    load('tok-old');
    let checks = 0;
    const signedInAgain = (init?: RequestInit) =>
      (init?.headers as Record<string, string> | undefined)?.authorization === 'Bearer tok-2';
    const expired = () => jsonResponse({ status: false, message: 'Please sign in again' }, 401);
    mockApi({
      ...signedInApi,
      'GET /api/admin/auth/check': (_url: string, init?: RequestInit) =>
        ++checks === 1 || signedInAgain(init)
          ? jsonResponse({ status: true, message: 'Authorized' })
          : expired(),
      'GET /api/App/policy/admin/get': (_url: string, init?: RequestInit) =>
        signedInAgain(init) ? jsonResponse(signedInApi['GET /api/App/policy/admin/get']) : expired(),
      'POST /api/admin/login': { status: true, message: 'Login successful', token: 'tok-2' },
    });
  }

  it('signs in again in a dialog over the screen, which then loads what met the 401', async () => {
    sessionEndingApi();
    const user = userEvent.setup();
    const { router } = renderApp('/policy?from=menu');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/policy?from=menu');
    expect(readSession()).toBeNull();

    await user.type(within(dialog).getByLabelText('Email'), 'admin@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in and continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Privacy Policy', level: 2 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/policy');
    expect(readSession()?.token).toBe('tok-2');
  });

  it('goes to the login page from the dialog, which says why and returns to the screen after sign-in', async () => {
    sessionEndingApi();
    const user = userEvent.setup();
    const { router } = renderApp('/policy?from=menu');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    await user.click(within(dialog).getByRole('button', { name: 'Go to the sign-in page' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Streamdesk' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/panel/login');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please sign in again: the session is missing or has expired.',
    );

    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policy'));
    expect(router.state.location.search).toBe('?from=menu');
  });
});

describe('login', () => {
  it('requires both fields, toasts the server message, then signs in and opens the dashboard', async () => {
    load(null);
    let attempt = 0;
    mockApi({
      ...signedInApi,
      'POST /api/admin/login': () =>
        ++attempt === 1
          ? jsonResponse({ status: false, message: 'Invalid email or password' }, 400)
          : jsonResponse({ status: true, message: 'Login successful', token: 'tok-1' }),
    });
    const user = userEvent.setup();
    renderApp('/admin/panel/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Shortcut stories' })).toBeInTheDocument();
    expect(readSession()).toEqual({ token: 'tok-1', isAdmin: true });
  });

  it('asks for the two-step code when the server says so, then signs in with it', async () => {
    load(null);
    const bodies: string[] = [];
    mockApi({
      ...signedInApi,
      'POST /api/admin/login': (_url: string, init: RequestInit) => {
        bodies.push(String(init.body));
        return bodies.length === 1
          ? jsonResponse({ status: false, message: authMessages.otpRequired, token: '', otpRequired: true })
          : jsonResponse({ status: true, message: 'Login successful', token: 'tok-2' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/panel/login');
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(authMessages.otpRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Shortcut stories' })).toBeInTheDocument();
    expect(readSession()).toEqual({ token: 'tok-2', isAdmin: true });
    expect(bodies).toHaveLength(2);
    // Sealed like every login body: the second is longer by the code it carries.
    expect(bodies[1]!.length).toBeGreaterThan(bodies[0]!.length);
  });
});

describe('signed in', () => {
  it('renders the chrome with the active section and the server status', async () => {
    load('tok');
    mockApi(signedInApi);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Shortcut stories' })).toBeInTheDocument();
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(main).toContainElement(screen.getByRole('link', { name: 'Story', current: 'page' }));
    expect(screen.getByRole('link', { name: 'Streamdesk home' })).toHaveAttribute('href', '/');
    const status = screen.getAllByRole('region', { name: 'Server status' })[0]!;
    await waitFor(() => expect(status).toHaveTextContent('CPU12%RAM64%Storage91%Live3'));
    expect(status.querySelector('[data-level="red"]')).toHaveTextContent('Storage');
  });

  it('shows the not-found page for unknown paths and unknown ad kinds', async () => {
    load('tok');
    mockApi(signedInApi);
    const notFound = 'Oops! The page you are looking for could not be found.';
    const { router } = renderApp('/manage/ads/ios/rewardAds/add');
    expect(await screen.findByRole('heading', { name: 'Apple Reward Ads' })).toBeInTheDocument();
    await router.navigate('/manage/ads/bogusAds/add');
    expect(await screen.findByText(notFound)).toBeInTheDocument();
    await router.navigate('/policy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument();
    await router.navigate('/no/such/page');
    expect(await screen.findByText(notFound)).toBeInTheDocument();
  });

  it('/Error offers Go to Home', async () => {
    load('tok');
    mockApi(signedInApi);
    const user = userEvent.setup();
    renderApp('/Error');
    expect(
      await screen.findByText("Something went wrong. We couldn't find the page you're looking for."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Home' }));
    expect(await screen.findByRole('heading', { name: 'Shortcut stories' })).toBeInTheDocument();
  });

  it("/Error's Try again opens the screen the person was on, in place of /Error", async () => {
    load('tok');
    mockApi(signedInApi);
    const user = userEvent.setup();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Shortcut stories' })).toBeInTheDocument();
    await router.navigate('/Error', { state: { from: '/policy?x=1' } });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/policy?x=1');
  });

  it('/Logout revokes the token, clears storage and goes to the login page', async () => {
    load('tok');
    sessionStorage.setItem('x', '1');
    const fetchMock = mockApi({
      ...signedInApi,
      'POST /api/admin/logout': { status: true, message: 'Logged out' },
    });
    renderApp('/Logout');
    expect(await screen.findByRole('heading', { name: 'Sign in to Streamdesk' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toContain(
      'POST /api/admin/logout',
    );
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
