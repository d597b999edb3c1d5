import { videoMessages } from '@streamdesk/contract/videos';
import { VIDEO_UPLOADS_PATH } from '@streamdesk/contract/video-uploads';
import { expect, test } from '../fixtures.js';
import { openUploadWith, paddedMp4 } from './video-helpers.js';

const NAME = 'answer-lost.mp4';
/** One PATCH (the page sends 64 MB at a time): the one that carries the file's last byte. */
const SIZE = 2 * 1024 * 1024;

test("a file whose last PATCH's answer is lost after the server made the video ends as that one video, not two", async ({
  signedInPage: page,
  api,
  media,
}) => {
  const category = await openUploadWith(page, api, media);
  const tus: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(VIDEO_UPLOADS_PATH)) tus.push(request.method());
  });

  // The browser sends the PATCH and the server answers it (the video made); the answer is then dropped on
  // its way back, as a proxy's timeout or a laptop put to sleep drops it. Chromium's Fetch domain pauses
  // each answer of the upload's URL before the page sees it.
  const cdp = await page.context().newCDPSession(page);
  const answered: number[] = [];
  cdp.on('Fetch.requestPaused', (paused) => {
    const { requestId, request, responseStatusCode } = paused;
    if (request.method === 'PATCH' && answered.length === 0) {
      answered.push(responseStatusCode ?? 0);
      void cdp.send('Fetch.failRequest', { requestId, errorReason: 'ConnectionReset' });
    } else void cdp.send('Fetch.continueRequest', { requestId });
  });
  await cdp.send('Fetch.enable', {
    patterns: [{ urlPattern: `*${VIDEO_UPLOADS_PATH}/*`, requestStage: 'Response' }],
  });

  await page.getByLabel('Videos (MP4)').setInputFiles(paddedMp4(NAME, SIZE));
  await page.getByRole('button', { name: 'Upload Videos' }).click();
  await expect(page.getByText(videoMessages.uploaded)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  // The server had made the video when its answer was dropped; the page asked where the upload stood
  // (HEAD) and heard "complete", instead of sending the file again as a new upload (POST, PATCH).
  expect(answered).toEqual([200]);
  const listed = await api.call('GET', `/api/App/video/category/admin/${category._id}`);
  expect(listed.totalRecord).toBe(1);
  expect(tus).toEqual(['POST', 'PATCH', 'HEAD']);
  await cdp.detach();
});
