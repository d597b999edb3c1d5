import type { Page } from '@playwright/test';
import { VIDEO_UPLOADS_PATH } from '@streamdesk/contract/video-uploads';
import { videoMessages } from '@streamdesk/contract/videos';
import { expect, test, type Api } from '../fixtures.js';
import type { mediaFiles } from '../media.js';
import { openUploadWith, paddedMp4, pickAgainOnUpload } from './video-helpers.js';

const NAME = 'answer-lost.mp4';
/** One PATCH (the page sends 64 MB at a time): the one that carries the file's last byte. */
const SIZE = 2 * 1024 * 1024;

/**
 * Holds the answer to the first PATCH of an upload once the server has sent it (the video made): Chromium's
 * Fetch domain pauses each answer of an upload's URL before the page sees it. `drop` then ends that request
 * as a reset connection (a proxy's timeout, a laptop put to sleep); every other answer goes through. Also
 * records each tus request's method.
 */
async function holdLastAnswer(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(VIDEO_UPLOADS_PATH)) sent.push(request.method());
  });
  const cdp = await page.context().newCDPSession(page);
  let held: { requestId: string; status: number } | undefined;
  cdp.on('Fetch.requestPaused', ({ requestId, request, responseStatusCode }) => {
    if (request.method === 'PATCH' && !held) held = { requestId, status: responseStatusCode ?? 0 };
    else void cdp.send('Fetch.continueRequest', { requestId });
  });
  await cdp.send('Fetch.enable', {
    patterns: [{ urlPattern: `*${VIDEO_UPLOADS_PATH}/*`, requestStage: 'Response' }],
  });
  return {
    sent,
    /** The held answer's status, once the server gave it. */
    answered: () => held?.status,
    drop: () => cdp.send('Fetch.failRequest', { requestId: held!.requestId, errorReason: 'ConnectionReset' }),
  };
}

/** A new category on Upload Videos, and the file sent to it until the server has answered its last PATCH. */
async function sendUntilAnswered(page: Page, api: Api, media: typeof mediaFiles) {
  const category = await openUploadWith(page, api, media);
  const line = await holdLastAnswer(page);
  const file = paddedMp4(NAME, SIZE);
  await page.getByLabel('Videos (MP4)').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload Videos' }).click();
  await expect.poll(line.answered).toBe(200);
  /** The category's videos: one, whatever the page did after the answer was lost. */
  const videos = async () =>
    (await api.call('GET', `/api/App/video/category/admin/${category._id}`)).totalRecord;
  return { category, line, file, videos };
}

test("a file whose last PATCH's answer is lost after the server made the video ends as that one video, not two", async ({
  signedInPage: page,
  api,
  media,
}) => {
  const { line, videos } = await sendUntilAnswered(page, api, media);
  await line.drop();

  await expect(page.getByText(videoMessages.uploaded)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  // The page asked where the upload stood (HEAD) and heard "complete", instead of sending the file again
  // as a new upload (POST, PATCH): 0070.
  expect(await videos()).toBe(1);
  expect(line.sent).toEqual(['POST', 'PATCH', 'HEAD']);
});

test('the same file picked again after the page went before that answer ends as the one video too', async ({
  signedInPage: page,
  api,
  media,
}) => {
  const { category, line, file, videos } = await sendUntilAnswered(page, api, media);
  // Another screen while the answer is on its way (0068: nothing is tried again once the page has gone),
  // then the answer lost: the browser keeps the upload's URL.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible();
  await line.drop();

  await pickAgainOnUpload(page, category.name, file);
  await page.getByRole('button', { name: 'Upload Videos' }).click();
  await expect(page.getByText(videoMessages.uploaded)).toBeVisible();
  expect(await videos()).toBe(1);
  expect(line.sent).toEqual(['POST', 'PATCH', 'HEAD']);
});
