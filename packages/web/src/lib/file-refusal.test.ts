import { liveMatchMessages, liveMatchRoutes } from '@streamdesk/contract/live-matches';
import { mediaMessages } from '@streamdesk/contract/media';
import { brokenImageMessage } from '@streamdesk/contract/media-sniff';
import { reelRoutes } from '@streamdesk/contract/reels';
import { messages } from '@streamdesk/contract/messages';
import { describe, expect, it } from 'vitest';
import { ApiCallError, internetServerError } from './api-client';
import { DeadlineError } from './deadlines';
import { failedOnTheFile, fileRefusals } from './file-refusal';
import { UploadNetworkError, UploadRefusedError } from './upload';

const image = fileRefusals(liveMatchRoutes.add);
const refused = (message: string, status = 400) => new ApiCallError({ status: false, message }, status);

describe('failedOnTheFile', () => {
  it("is true for the server's refusals of the file: its kind, size, absence, a broken image", () => {
    for (const message of [
      liveMatchMessages.imageType,
      liveMatchMessages.imageSize,
      liveMatchMessages.selectImage,
      brokenImageMessage('truncated', liveMatchMessages.imageType),
    ])
      expect(failedOnTheFile(refused(message), image), message).toBe(true);
    expect(failedOnTheFile(new UploadRefusedError(413, liveMatchMessages.imageSize), image)).toBe(true);
  });

  it('is false for a refusal of another field, an edit conflict, a server fault or a bug', () => {
    expect(failedOnTheFile(refused(liveMatchMessages.plannedPast('plannedStart')), image)).toBe(false);
    expect(failedOnTheFile(refused(liveMatchMessages.titleRequired), image)).toBe(false);
    expect(failedOnTheFile(refused('This live match was changed by someone else', 409), image)).toBe(false);
    const fault = new ApiCallError(
      { status: false, message: messages.internetServerError, serverFailure: true },
      500,
    );
    expect(failedOnTheFile(fault, image)).toBe(false);
    expect(failedOnTheFile(new UploadRefusedError(400, 'title: Title is required'), image)).toBe(false);
    expect(failedOnTheFile(new TypeError('x is undefined'), image)).toBe(false);
  });

  it('is true when no reply came: the upload itself did not go through', () => {
    expect(failedOnTheFile(new ApiCallError(internetServerError()), image)).toBe(true);
    expect(failedOnTheFile(new UploadNetworkError(), image)).toBe(true);
    expect(failedOnTheFile(new DeadlineError(messages.uploadStalled), image)).toBe(true);
    expect(failedOnTheFile(new UploadRefusedError(502, undefined, { networkFailure: true }), image)).toBe(
      true,
    );
  });

  it("counts an unreadable video among an MP4 route's refusals, not an image route's", () => {
    const video = fileRefusals(reelRoutes.add);
    expect(failedOnTheFile(new UploadRefusedError(400, mediaMessages.unreadableVideo), video)).toBe(true);
    expect(failedOnTheFile(refused(mediaMessages.unreadableVideo), image)).toBe(false);
  });
});
