import { STORY_MAX_SECONDS, storyMessages, type StoryInsertData } from '@streamdesk/contract/stories';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../platform/errors.js';
import type { MediaStore } from '../../platform/media/media-store.js';
import type { UploadedFile } from '../../platform/media/multipart.js';
import { acceptVideo } from '../../platform/media/video-tools.js';
import type * as repo from './stories.repository.js';

export const STORY_FOLDER = 'stories';

/** A story's files: its video or image, and the thumbnail shown for it. */
export type Media = Pick<repo.StoryRow, 'video' | 'image' | 'thembnal'>;
export const NO_MEDIA: Media = { video: '', image: '', thembnal: '' };

/** The files a story form may carry (the contract's storyRoutes.add and edit). */
export interface StoryUpload {
  video: UploadedFile | undefined;
  image: UploadedFile | undefined;
}

/**
 * A story's uploaded files turned into its media. The uploads are removed by the route when the request
 * fails; the thumbnail made from a video is removed here.
 */
export function createStoryFiles(media: MediaStore, log: FastifyBaseLogger) {
  const removeFiles = (urls: readonly string[]) => Promise.all(urls.map((u) => media.remove(u)));
  const removeMedia = (m: Media) => removeFiles([m.video, m.image, m.thembnal]);

  /** Turns the uploaded file (if any) into the story's media; a video gets its thumbnail and duration. */
  async function mediaOf(
    { video, image }: StoryUpload,
    d: StoryInsertData,
  ): Promise<{ media: Media; duration?: number } | undefined> {
    if (d.NTV) {
      if (video || image) throw badRequest(storyMessages.ntvNoFile);
      return { media: NO_MEDIA };
    }
    if (video && image) throw badRequest(storyMessages.oneFile);
    if (image) return { media: { video: '', image: image.url, thembnal: image.url } };
    if (!video) return undefined;
    // Its duration becomes the story's Timing, which is at most an hour (STORY_MAX_SECONDS) whatever
    // the type: a longer video is refused rather than stored with a Timing no form could set.
    const { durationSeconds, thumbnail } = await acceptVideo(media, video, STORY_FOLDER, log, {
      maxSeconds: STORY_MAX_SECONDS,
      message: storyMessages.videoTooLong,
    });
    return {
      media: { video: video.url, image: '', thembnal: thumbnail.url },
      duration: Math.max(1, Math.ceil(durationSeconds)),
    };
  }

  /** Runs a write that follows an upload; on any failure the files made from the upload go too. */
  async function afterUpload<T>(made: () => Media | undefined, work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      const m = made();
      if (m) await removeMedia(m);
      throw error;
    }
  }

  return { removeFiles, removeMedia, mediaOf, afterUpload };
}

export type StoryFiles = ReturnType<typeof createStoryFiles>;
