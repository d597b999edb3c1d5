import { videoMessages } from '@streamdesk/contract/videos';
import { expect, test } from '../fixtures.js';
import { shoot } from '../shots.js';
import { openUploadWith, paddedMp4, pickAgainOnUpload, slowUploads } from './video-helpers.js';

const NAME = 'left-mid-way.mp4';
/** Large enough to be mid-way for seconds at the throttled speed below. */
const SIZE = 12 * 1024 * 1024;

test('an upload left mid-way by a move to another screen is paused, and goes on from there once the file is picked again', async ({
  signedInPage: page,
  api,
  media,
}) => {
  const file = paddedMp4(NAME, SIZE);
  const category = await openUploadWith(page, api, media);
  const form = page.getByRole('form', { name: 'Upload videos' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const tus = { posts: 0, offsets: [] as number[], stopped: 0 };
  page.on('request', (request) => {
    if (!request.url().includes('/api/App/video/uploads')) return;
    if (request.method() === 'POST') tus.posts++;
    if (request.method() === 'PATCH') tus.offsets.push(Number(request.headers()['upload-offset']));
  });
  page.on('requestfailed', (request) => {
    if (request.method() === 'PATCH') tus.stopped++;
  });

  const line = await slowUploads(page, 1024 * 1024);
  await page.getByLabel('Videos (MP4)').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload Videos' }).click();
  await expect(form.getByRole('progressbar', { name: `${NAME} progress` })).toHaveAttribute(
    'aria-valuenow',
    /^[1-9]\d?$/,
  );

  // Another screen of the app: no question is asked (only a reload or a closed tab asks, 0056), and the
  // PATCH under way stops there, nothing sent after it.
  await nav.getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible();
  await expect.poll(() => tus.stopped).toBe(1);
  const sentBefore = tus.offsets.length;
  await page.waitForTimeout(1500);
  expect(tus.offsets).toHaveLength(sentBefore);
  await line.restore();

  // Back on the upload screen, the same file picked again goes on from the server's last byte.
  await pickAgainOnUpload(page, category.name, file);
  await shoot(page, 'videos-left-picked-again');
  await page.getByRole('button', { name: 'Upload Videos' }).click();
  await expect(page.getByText(videoMessages.uploaded)).toBeVisible();
  await expect(form.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await shoot(page, 'videos-left-resumed-done');

  expect(tus.posts).toBe(1);
  expect(tus.offsets.at(-1)).toBeGreaterThan(0);
  const listed = await api.call('GET', `/api/App/video/category/admin/${category._id}`);
  expect(listed.totalRecord).toBe(1);
});
