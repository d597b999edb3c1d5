import { expect, test } from '../fixtures.js';
import { openLibraryWith } from './video-helpers.js';
import { shoot } from '../shots.js';

// This file's server processes videos (the suite's others do not: fixtures.ts, videoJobs).
test.use({ videoJobs: 1 });

// Processing on the library row (docs/decisions/0044-video-processing.md): a new video shows its state
// and turns Ready by itself, its HLS made by the server's queue with the real ffmpeg.
test('a new library video shows its processing state on its row and turns Ready without a reload', async ({
  signedInPage: page,
  api,
  media,
}) => {
  await openLibraryWith(page, api, media, 1);
  const row = page.getByRole('row', { name: 'Video 1' });
  await expect(row.getByText(/^(Queued|Processing \d+%|Ready)$/)).toBeVisible();
  await shoot(page, 'video-library-state-1280');
  // The library polls while a video on the page is queued or processing.
  await expect(row.getByText('Ready', { exact: true })).toBeVisible({ timeout: 40_000 });
  await expect(row.getByRole('button', { name: 'Retry Video 1' })).toHaveCount(0);
  await shoot(page, 'video-library-ready-1280');
});
