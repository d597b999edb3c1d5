import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { registerNavigator } from '@/lib/navigation';
import { jsonResponse } from './runtime';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Answers fetch by `METHOD /path` (query string ignored); unknown calls fail like a network error. */
export function mockApi(handlers: Record<string, unknown | Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const handler = handlers[key];
    if (handler === undefined) throw new TypeError(`Failed to fetch ${key}`);
    return typeof handler === 'function' ? (handler as Handler)(url, init) : jsonResponse(handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The whole app at `path`, on a memory router that the API client can navigate. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  registerNavigator(
    (to, options) => router.navigate(to, options),
    () => router.state.location,
  );
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
