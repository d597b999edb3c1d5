import { messages } from '@streamdesk/contract/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from './pages/route-error';
import { SCREEN_CHUNK_TIMEOUT_MS, ScreenLoadError, screenChunk } from './screen-chunk';

const Screen = () => null;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('screenChunk', () => {
  it("gives the route the chunk's default export", async () => {
    await expect(screenChunk(async () => ({ default: Screen }))()).resolves.toEqual({ Component: Screen });
  });

  it('gives up on a chunk that has not arrived after 120 s', async () => {
    const loading = screenChunk(() => new Promise<never>(() => {}))();
    const outcome = loading.then(
      () => 'loaded',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(SCREEN_CHUNK_TIMEOUT_MS - 1);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('The screen did not load within 120 s');
  });
});

describe('a screen whose code does not arrive', () => {
  beforeEach(() => vi.useRealTimers());

  it('is a ScreenLoadError when the browser fails the module fetch; other errors go on as they are', async () => {
    const fetchFailed = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    const failed = await screenChunk(() => Promise.reject(fetchFailed))().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ScreenLoadError);
    expect((failed as Error).cause).toBe(fetchFailed);
    const bug = new RangeError('a bug in the screen');
    await expect(screenChunk(() => Promise.reject(bug))()).rejects.toBe(bug);
  });

  it('says so, with Try again loading the page afresh, as the browser coming back online does', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      const router = createMemoryRouter([
        {
          path: '/',
          lazy: screenChunk(() =>
            Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
          ),
          errorElement: <RouteError />,
        },
      ]);
      render(<RouterProvider router={router} />);
      expect(await screen.findByRole('heading', { name: messages.screenLoadFailed })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(reload).toHaveBeenCalledTimes(1);
      window.dispatchEvent(new Event('online'));
      expect(reload).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
