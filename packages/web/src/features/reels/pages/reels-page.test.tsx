import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';

const reel = (n: number) => ({
  _id: `r${n}`,
  video: `/media/reels/${n}.mp4`,
  thumbnail: `/media/reels/${n}.jpg`,
  duration: 3,
  size: 1000,
  view: n * 1000,
  click: n,
  createdAt: '2026-01-02T03:04:05.000Z',
});

signedInScreenTests({ authStatus: 'signed-in' });

describe('Reels page', { timeout: 15_000 }, () => {
  it('says a refused load in an error toast and on the page', async () => {
    mockApi({ ...shell, 'GET /api/App/reels': { status: false, message: 'Reels are paused' } });
    renderApp('/story/add/reels');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Reels are paused');
    // The toast is the spec's channel for a status-false reply (doc 1 section 8).
    const toasts = await screen.findAllByText('Reels are paused');
    expect(toasts.some((node) => node.closest('[data-sonner-toast]'))).toBe(true);
  });

  it('shows Running from the reels flag, pages 20 at a time and asks without the admin token', async () => {
    const list = vi.fn((url: string, init: RequestInit) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      const ids = page === 1 ? Array.from({ length: 20 }, (_, i) => i + 1) : [21, 22];
      expect(new Headers(init.headers).get('authorization')).toBeNull();
      return jsonResponse({
        status: true,
        message: 'ok',
        data: ids.map(reel),
        totalPage: 2,
        total: 22,
        reels: true,
      });
    });
    mockApi({ ...shell, 'GET /api/App/reels': list });
    const user = userEvent.setup();
    renderApp('/story/add/reels');
    // The first render waits for the lazily loaded page module.
    expect(await screen.findByText('Running', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('22 reels')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Story section' });
    expect(within(tabs).getByRole('link', { name: 'Reels' })).toHaveAttribute('aria-current', 'page');
    const table = screen.getByRole('table', { name: 'Story Reels' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('2.0k');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('img', { name: 'Reel 22 thumbnail' })).toBeInTheDocument();
    expect(list.mock.calls.map(([url]) => new URL(url, 'http://x').searchParams.get('limit'))).toEqual([
      '20',
      '20',
    ]);
  });
});
