import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Video } from '@streamdesk/contract/videos';
import { playsHlsItself } from '@/test/native-hls';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { categories, onePage, video } from './library-test-data';

// The library's View plays a processed video's HLS ladder, and its MP4 until the ladder is ready
// (issue 35, docs/decisions/0044), with the ladder's poster (0061). The browser here plays HLS itself (as
// Safari does).

signedInScreenTests({ authStatus: 'signed-in' });

const MASTER = '/media/videos/v1-master.m3u8';
const ready: Video = { ...video(1, false), hls: MASTER, poster: '/media/videos/v1-poster.jpg' };
const queued: Video = { ...video(2, false), state: 'queued', progress: 0 };

async function viewVideo(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: `View ${name}` }));
  return within(await screen.findByRole('dialog', { name: 'Video' }));
}

describe('Video Library preview', { timeout: 20_000 }, () => {
  it('plays the master playlist of a ready video and the MP4 of one still queued', async () => {
    playsHlsItself();
    mockApi({
      ...shell,
      'GET /api/App/video/category': categories,
      'GET /api/App/video/category/admin/all': onePage([ready, queued]),
    });
    renderApp('/show/video');
    await screen.findByRole('checkbox', { name: 'Select Video 1' }, { timeout: 8000 });

    const first = await viewVideo('Video 1');
    expect(first.getByLabelText('Clip 1')).toHaveAttribute('src', MASTER);
    expect(first.getByLabelText('Clip 1')).toHaveAttribute('poster', ready.poster);
    await userEvent.click(first.getByRole('button', { name: 'Close' }));

    const second = await viewVideo('Video 2');
    expect(second.getByLabelText('Clip 2')).toHaveAttribute('src', queued.video);
    // No ladder, no poster of its own yet: the upload's thumbnail.
    expect(second.getByLabelText('Clip 2')).toHaveAttribute('poster', queued.thumbnail);
  });
});
