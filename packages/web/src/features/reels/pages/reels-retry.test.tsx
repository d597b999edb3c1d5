import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Reel } from '@streamdesk/contract/reels';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { findToast } from '@/test/toasts';

// A failed reel's Retry in the reels list (docs/decisions/0059): the library's button, its processing
// queued again, the row following the run by itself.

signedInScreenTests({ authStatus: 'signed-in' });

const reel = (n: number, state: Partial<Reel> = {}): Reel => ({
  _id: `r${n}`,
  video: `/media/reels/${n}.mp4`,
  thumbnail: `/media/reels/${n}.jpg`,
  duration: 3,
  size: 1000,
  view: 0,
  click: 0,
  createdAt: '2026-01-02T03:04:05.000Z',
  fileName: `clip-${n}.mp4`,
  hls: '',
  poster: '',
  state: 'ready',
  progress: 100,
  ...state,
});
const listOf = (data: Reel[]) =>
  jsonResponse({ status: true, message: 'ok', data, total: data.length, totalPage: 1, reels: true });
const failed = { state: 'failed', progress: 0 } as const;

async function openReels(api: Record<string, unknown>) {
  mockApi({ ...shell, ...api });
  renderApp('/story/add/reels');
  await screen.findByRole('img', { name: 'Reel 1 thumbnail' }, { timeout: 8000 });
  return userEvent.setup();
}
const rowOf = (n: number) =>
  screen.getByRole('checkbox', { name: `Select reel ${n}` }).closest('tr') as HTMLElement;

describe('Reels list: Retry of a failed reel', { timeout: 20_000 }, () => {
  it('shows Retry only by a failed reel; Retry queues it, says so, and the row follows the run', async () => {
    const sent: unknown[] = [];
    let second: Partial<Reel> = failed;
    const user = await openReels({
      'GET /api/App/reels': () =>
        listOf([reel(1), reel(2, second), reel(3, { state: 'queued', progress: 0 })]),
      'POST /api/App/reels/retry': (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        second = { state: 'processing', progress: 10 };
        return jsonResponse({ status: true, message: 'Processing queued again for 1 reel(s)', retried: 1 });
      },
    });
    expect(within(rowOf(2)).getByText('Failed')).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);

    await user.click(within(rowOf(2)).getByRole('button', { name: 'Retry reel 2' }));
    expect(sent).toEqual([{ id: ['r2'] }]);
    expect(await findToast('Processing queued again for 1 reel(s)')).toHaveAttribute('data-type', 'success');
    expect(await within(rowOf(2)).findByText('Processing 10%')).toBeVisible();
    expect(within(rowOf(2)).queryByRole('button', { name: 'Retry reel 2' })).toBeNull();
    // Polled while a reel on the page processes: its end shows without a reload.
    second = { state: 'ready', progress: 100 };
    await waitFor(() => expect(within(rowOf(2)).queryByText(/^Processing/)).toBeNull(), { timeout: 10_000 });
  });

  it("a refused Retry says why in the server's words", async () => {
    const message = 'Only a failed reel can be retried: r1';
    const user = await openReels({
      'GET /api/App/reels': () => listOf([reel(1, failed)]),
      'POST /api/App/reels/retry': () => jsonResponse({ status: false, message }, 409),
    });
    await user.click(screen.getByRole('button', { name: 'Retry reel 1' }));
    expect(await findToast(message)).toHaveAttribute('data-type', 'error');
  });
});
