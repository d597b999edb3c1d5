import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Video } from '@streamdesk/contract/videos';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { findToast } from '@/test/toasts';
import { categories, onePage, video } from './library-test-data';

// Each row's processing state (docs/decisions/0044-video-processing.md): queued, processing with its
// percent, ready, failed with the reason and Retry; the list follows a run by itself. Rows are named by
// their place on the page ('Video 2'), the videos by id.

signedInScreenTests({ authStatus: 'signed-in' });

const at = (n: number, state: Partial<Video>): Video => ({ ...video(n, false), ...state });
const failed = at(4, {
  state: 'failed',
  progress: 0,
  error: 'The HLS transcode failed (exit 1): moov atom not found',
});

async function openLibrary(list: unknown, api: Record<string, unknown> = {}) {
  mockApi({
    ...shell,
    'GET /api/App/video/category': categories,
    'GET /api/App/video/category/admin/all': list,
    ...api,
  });
  renderApp('/show/video');
  await screen.findByRole('checkbox', { name: 'Select Video 1' }, { timeout: 8000 });
  return userEvent.setup();
}
const row = (name: string) => screen.getByRole('row', { name });

describe('Video Library processing states', { timeout: 20_000 }, () => {
  it('shows queued, processing with its percent, ready, and failed with the reason and Retry', async () => {
    await openLibrary(
      onePage([
        at(1, { state: 'queued', progress: 0 }),
        at(2, { state: 'processing', progress: 42 }),
        at(3, { state: 'ready', progress: 100 }),
        failed,
      ]),
    );
    expect(within(row('Video 1')).getByText('Queued')).toBeVisible();
    expect(within(row('Video 2')).getByText('Processing 42%')).toBeVisible();
    expect(
      within(row('Video 2')).getByRole('progressbar', { name: 'Processing of Video 2' }),
    ).toHaveAttribute('aria-valuenow', '42');
    expect(within(row('Video 3')).getByText('Ready')).toBeVisible();
    expect(within(row('Video 4')).getByText('Failed')).toBeVisible();
    expect(within(row('Video 4')).getByText(failed.error)).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
  });

  it('Retry sends the video and says it is queued again; the row follows the run until ready', async () => {
    const sent: unknown[] = [];
    let state: Partial<Video> = failed;
    const user = await openLibrary(
      () => jsonResponse(onePage([at(1, { state: 'ready' }), { ...failed, ...state }])),
      {
        'POST /api/App/video/retry': (_url: string, init: RequestInit) => {
          sent.push(JSON.parse(String(init.body)));
          state = { state: 'processing', progress: 10, error: '' };
          return jsonResponse({ status: true, message: 'ok', retried: 1 });
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Retry Video 2' }));
    expect(sent).toEqual([{ id: ['v4'] }]);
    expect(await findToast('Processing queued again for 1 video(s)')).toHaveAttribute('data-type', 'success');
    expect(await within(row('Video 2')).findByText('Processing 10%')).toBeVisible();
    // Polled while processing: the run's end shows without a reload.
    state = { state: 'ready', progress: 100, error: '' };
    await waitFor(() => expect(within(row('Video 2')).getByText('Ready')).toBeVisible(), { timeout: 10_000 });
  });

  it('a refused Retry says why in the server words', async () => {
    const message = 'Only a failed video can be retried: v4';
    const user = await openLibrary(onePage([at(1, { state: 'ready' }), failed]), {
      'POST /api/App/video/retry': () => jsonResponse({ status: false, message }, 409),
    });
    await user.click(screen.getByRole('button', { name: 'Retry Video 2' }));
    expect(await findToast(message)).toHaveAttribute('data-type', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });
});
