import { videoUploadMessages } from '@streamdesk/contract/video-uploads';
import { videoMessages } from '@streamdesk/contract/videos';
import { expect, test } from '../fixtures.js';
import { openUploadWith, paddedMp4 } from './video-helpers.js';
import { shoot } from '../shots.js';

const NAMES = ['match-1.mp4', 'match-2.mp4', 'match-3.mp4'];
/**
 * Each file's size: within one PATCH of the page's (64 MB), so the cut falls in a request under way, which
 * going offline does not fail: the page's watchdog must give it up (this test fails without it).
 */
const SIZE = 12 * 1024 * 1024;
let files: string[] = [];

test.beforeAll(() => {
  files = NAMES.map((name) => paddedMp4(name, SIZE));
});

test('three uploads on a throttled line survive the connection dropping: they go on from where they were and finish', async ({
  signedInPage: page,
  api,
  media,
}) => {
  const category = await openUploadWith(page, api, media);
  const form = page.getByRole('form', { name: 'Upload videos' });
  await page.getByLabel('Videos (MP4)').setInputFiles(files);
  const list = page.getByRole('list', { name: 'Selected videos' });
  await expect(list.getByRole('listitem')).toHaveCount(3);

  // Every PATCH's starting byte: a resumed file starts past 0.
  const offsets: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') offsets.push(Number(request.headers()['upload-offset']));
  });

  const cdp = await page.context().newCDPSession(page);
  const line = (offline: boolean, uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await cdp.send('Network.enable');
  await line(false, 2 * 1024 * 1024);

  await page.getByRole('button', { name: 'Upload Videos' }).click();
  const bar = form.getByRole('progressbar', { name: 'Upload progress' });
  await expect(form.getByText(videoMessages.processing)).toBeVisible();
  // Mid-way: each file has sent something, none has finished.
  for (const name of NAMES)
    await expect(form.getByRole('progressbar', { name: `${name} progress` })).toHaveAttribute(
      'aria-valuenow',
      /^[1-9]\d?$/,
    );
  await expect(form.getByText(/\d+\.\d\d MB\/s/).first()).toBeVisible();
  await shoot(page, 'videos-resumable-sending');

  // The connection goes: each file's chunk under way ends, the next cannot start, and the row says so.
  await line(true, 2 * 1024 * 1024);
  await expect(form.getByText(videoUploadMessages.offline)).toHaveCount(3);
  await expect(form.getByRole('button', { name: 'Retry match-1.mp4' })).toBeVisible();
  // The batch is not over: it waits for the network, and says no failure.
  await expect(form.getByText(videoMessages.processing)).toBeVisible();
  await expect(page.getByText(videoMessages.connectionError)).toHaveCount(0);
  const stoppedAt = Number(await bar.getAttribute('aria-valuenow'));
  expect(stoppedAt).toBeGreaterThan(0);
  expect(stoppedAt).toBeLessThan(100);
  await shoot(page, 'videos-resumable-offline');

  // Back online: each file asks the server where it stopped and sends the rest, at full speed now.
  await line(false, -1);
  await expect(page.getByText(videoMessages.uploaded)).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  expect(offsets.filter((offset) => offset > 0).length).toBeGreaterThanOrEqual(1);
  await cdp.detach();

  const listed = await api.call('GET', `/api/App/video/category/admin/${category._id}`);
  expect(listed.totalRecord).toBe(3);
  expect((listed.data as { fileName: string }[]).map((v) => v.fileName).sort()).toEqual(NAMES);
  await shoot(page, 'videos-resumable-done');
});
