import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reelsDeletedMessage } from '@streamdesk/contract/reels';
import { answerMath } from '@/test/answer-math';
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

/** The list's reply holding `reels`, all on one page. */
const onePage = (...reels: object[]) => ({
  status: true,
  message: 'ok',
  data: reels,
  total: reels.length,
  totalPage: 1,
  reels: true,
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

  it('offers Retry beside a refused load, which loads the list again', async () => {
    let refused = true;
    mockApi({
      ...shell,
      'GET /api/App/reels': () =>
        refused
          ? jsonResponse({ status: false, message: 'Reels are paused' })
          : jsonResponse(onePage(reel(1))),
    });
    renderApp('/story/add/reels');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    refused = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 reel')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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

  it("says how many reels a bulk delete removed, in the server's words", async () => {
    let listed = [1, 2, 3];
    const removed: string[][] = [];
    mockApi({
      ...shell,
      'GET /api/App/reels': () =>
        jsonResponse({
          status: true,
          message: 'ok',
          data: listed.map(reel),
          totalPage: 1,
          total: listed.length,
          reels: true,
        }),
      'DELETE /api/App/reels': (_url: string, init: RequestInit) => {
        const { id } = JSON.parse(String(init.body)) as { id: string[] };
        removed.push(id);
        listed = listed.filter((n) => !id.includes(`r${n}`));
        return jsonResponse({ status: true, message: reelsDeletedMessage(id.length), deleted: id.length });
      },
    });
    const user = userEvent.setup();
    renderApp('/story/add/reels');
    await user.click(await screen.findByLabelText('Select reel 1', {}, { timeout: 8000 }));
    await user.click(screen.getByLabelText('Select reel 2'));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    await answerMath({ confirm: 'Delete' });
    expect(await screen.findByText('2 reels deleted successfully')).toBeInTheDocument();
    expect(removed).toEqual([['r1', 'r2']]);
    expect(await screen.findByText('1 reel')).toBeInTheDocument();
    expect(reelsDeletedMessage(1)).toBe('Reel deleted successfully');
  }, 20_000);

  it('gives each row Play and Delete as buttons in its Actions column, no menu; Delete asks first', async () => {
    mockApi({
      ...shell,
      'GET /api/App/reels': onePage(reel(1)),
    });
    const user = userEvent.setup();
    renderApp('/story/add/reels');
    const table = await screen.findByRole('table', { name: 'Story Reels' }, { timeout: 8000 });
    const row = (await within(table).findByRole('img', { name: 'Reel 1 thumbnail' })).closest('tr')!;
    expect(within(row).queryByRole('button', { expanded: false })).toBeNull();
    expect(row.querySelector('[aria-haspopup]')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Play reel 1' }));
    expect(await screen.findByRole('dialog', { name: 'Reel 1' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(row).getByRole('button', { name: 'Delete reel 1' }));
    expect(await screen.findByRole('dialog', { name: /confirm/i })).toBeInTheDocument();
  });

  it("says a reel's file name and date once in its row (a phone card shows each column once)", async () => {
    mockApi({ ...shell, 'GET /api/App/reels': onePage({ ...reel(1), fileName: 'goal.mp4' }) });
    renderApp('/story/add/reels');
    const table = await screen.findByRole('table', { name: 'Story Reels' }, { timeout: 8000 });
    const row = (await within(table).findByRole('img', { name: 'Reel 1 thumbnail' })).closest('tr')!;
    expect(within(row).getAllByText('goal.mp4')).toHaveLength(1);
    expect(within(row).getAllByText(/02\/01\/2026/)).toHaveLength(1);
  });
});
