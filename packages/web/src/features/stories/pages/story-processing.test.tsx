import type { Story } from '@streamdesk/contract/stories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { playsHlsItself } from '@/test/native-hls';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { findToast } from '@/test/toasts';
import { storyListReply, storyRow } from '../test-stories';

// A story video's processing in the back office (docs/decisions/0059): the shared Retry under a failed
// one in both story lists, and the edit pages following the processing and the remuxed MP4.

signedInScreenTests({ authStatus: 'signed-in' });

const video = (n: number, over: Partial<Story> = {}) =>
  storyRow(n, { video: `/media/stories/${n}.mp4`, image: '', ...over });
const failed = { state: 'failed', progress: 0 } as const;
const rowOf = (n: number) =>
  screen.getByRole('checkbox', { name: `Select story ${n}` }).closest('tr') as HTMLElement;

describe('Story lists: Retry of a failed story video', { timeout: 20_000 }, () => {
  it.each([
    ['stories', '/add/story/video', 'GET /api/App/all/only/story/video', 'POST /api/App/story/video/retry'],
    ['story ads', '/add/story/Ad', 'GET /api/App/all/only/story/ads', 'POST /api/App/story/ads/retry'],
  ])(
    '%s: Retry only by a failed one; it queues it, says so, and the row follows the run',
    async (_name, page, list, retryRoute) => {
      const sent: unknown[] = [];
      let second: Partial<Story> = failed;
      mockApi({
        ...shell,
        [list]: () =>
          jsonResponse(
            storyListReply([
              video(1, { adsStory: page.endsWith('Ad') }),
              video(2, { ...second, adsStory: page.endsWith('Ad') }),
            ]),
          ),
        [retryRoute]: (_url: string, init: RequestInit) => {
          sent.push(JSON.parse(String(init.body)));
          second = { state: 'processing', progress: 10 };
          return jsonResponse({
            status: true,
            message: 'Processing queued again for 1 story video(s)',
            retried: 1,
          });
        },
      });
      renderApp(page);
      await screen.findByRole('checkbox', { name: 'Select story 2' }, { timeout: 8000 });
      const user = userEvent.setup();
      expect(within(rowOf(2)).getByText('Failed')).toBeVisible();
      expect(screen.getAllByRole('button', { name: /^Retry story/ })).toHaveLength(1);

      await user.click(within(rowOf(2)).getByRole('button', { name: 'Retry story 2' }));
      expect(sent).toEqual([{ id: [video(2)._id] }]);
      expect(await findToast('Processing queued again for 1 story video(s)')).toHaveAttribute(
        'data-type',
        'success',
      );
      expect(await within(rowOf(2)).findByText('Processing 10%')).toBeVisible();
      expect(within(rowOf(2)).queryByRole('button', { name: 'Retry story 2' })).toBeNull();
    },
  );

  it("a refused Retry says why in the server's words", async () => {
    const message = `Only a failed story video can be retried: ${video(1)._id}`;
    mockApi({
      ...shell,
      'GET /api/App/all/only/story/video': () => jsonResponse(storyListReply([video(1, failed)])),
      'POST /api/App/story/video/retry': () => jsonResponse({ status: false, message }, 409),
    });
    renderApp('/add/story/video');
    await userEvent.click(await screen.findByRole('button', { name: 'Retry story 1' }, { timeout: 8000 }));
    expect(await findToast(message)).toHaveAttribute('data-type', 'error');
  });
});

describe('Story edit pages: the video being processed', { timeout: 20_000 }, () => {
  it('shows the state, follows it, and plays the remuxed MP4 once ready (the old one is removed)', async () => {
    let now = video(1, { state: 'processing', progress: 40 });
    let finds = 0;
    mockApi({
      ...shell,
      'GET /api/App/story/video/find': () => {
        finds++;
        return jsonResponse({ status: true, message: 'ok', data: now, version: 'v1' });
      },
    });
    renderApp(`/update/story/video/${now._id}`);
    expect(await screen.findByText('Processing 40%', undefined, { timeout: 8000 })).toBeVisible();
    const player = screen.getByLabelText('Current media');
    expect(player).toHaveAttribute('src', '/media/stories/1.mp4');

    now = video(1, { state: 'ready', progress: 100, video: '/media/stories/remuxed.mp4' });
    await waitFor(
      () =>
        expect(screen.getByLabelText('Current media')).toHaveAttribute('src', '/media/stories/remuxed.mp4'),
      {
        timeout: 10_000,
      },
    );
    expect(screen.queryByText(/^Processing/)).toBeNull();
    // Ready: no more reloads.
    const seen = finds;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(finds).toBe(seen);
  });

  it('plays the HLS ladder once ready, the MP4 until then, and a file just picked as it is', async () => {
    playsHlsItself();
    let now = video(1, { state: 'processing', progress: 40 });
    mockApi({
      ...shell,
      'GET /api/App/story/video/find': () =>
        jsonResponse({ status: true, message: 'ok', data: now, version: 'v1' }),
    });
    renderApp(`/update/story/video/${now._id}`);
    expect(await screen.findByText('Processing 40%', undefined, { timeout: 8000 })).toBeVisible();
    expect(screen.getByLabelText('Current media')).toHaveAttribute('src', '/media/stories/1.mp4');

    expect(screen.getByLabelText('Current media')).not.toHaveAttribute('poster');
    now = video(1, {
      state: 'ready',
      progress: 100,
      hls: '/media/stories/master.m3u8',
      poster: '/media/stories/poster.jpg',
    });
    await waitFor(
      () =>
        expect(screen.getByLabelText('Current media')).toHaveAttribute('src', '/media/stories/master.m3u8'),
      { timeout: 10_000 },
    );
    expect(screen.getByLabelText('Current media')).toHaveAttribute('poster', '/media/stories/poster.jpg');

    // jsdom makes no object URLs: a picked file's preview URL is stubbed.
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, {
        createObjectURL: () => 'blob:picked',
        revokeObjectURL: () => undefined,
      }),
    );
    onTestFinished(() => void vi.unstubAllGlobals());
    const picked = new File(['mp4'], 'new.mp4', { type: 'video/mp4' });
    await userEvent.upload(screen.getByLabelText('Replace video (MP4)'), picked);
    await waitFor(() => expect(screen.getByLabelText('Current media')).toHaveAttribute('src', 'blob:picked'));
    expect(screen.getByLabelText('Current media')).not.toHaveAttribute('poster');
  });

  it("a story ad's failed video shows Failed and its Retry", async () => {
    const ad = video(2, { adsStory: true, ...failed });
    const sent: unknown[] = [];
    mockApi({
      ...shell,
      'GET /api/App/story/ads/find': () =>
        jsonResponse({ status: true, message: 'ok', data: ad, version: 'v1' }),
      'POST /api/App/story/ads/retry': (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse({
          status: true,
          message: 'Processing queued again for 1 story video(s)',
          retried: 1,
        });
      },
    });
    renderApp(`/update/story/ads/${ad._id}`);
    expect(await screen.findByText('Failed', undefined, { timeout: 8000 })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry story ad' }));
    expect(sent).toEqual([{ id: [ad._id] }]);
    expect(await findToast('Processing queued again for 1 story video(s)')).toBeVisible();
  });
});
