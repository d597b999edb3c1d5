import type { FastifyInstance } from 'fastify';
import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import { readMultipart, single } from '../platform/media/multipart.js';

/**
 * A test-only admin route exercising the shared upload pipeline the way features use it: an `image`
 * (PNG or GIF, 1 MB) and up to `maxCount` MP4 `video` parts of at most `videoMaxBytes`, stored in
 * `folder`. `x-skip: 1` keeps a batch's good files (skipInvalidFiles); `x-probe: 1` probes the videos.
 */
export function addTestUploadRoute(
  app: FastifyInstance,
  {
    path,
    folder,
    videoMaxBytes,
    maxCount,
  }: { path: string; folder: string; videoMaxBytes: number; maxCount: number },
): void {
  const media = app.streamdesk.context.media;
  app.post(path, { config: { auth: 'admin', feature: 'reels', access: 'write' } }, async (request) => {
    const result = await readMultipart(request, media, {
      files: {
        image: {
          folder,
          rule: {
            kinds: ['png', 'gif'],
            maxBytes: mediaLimits.image,
            typeMessage: mediaMessages.gifPng,
            sizeMessage: mediaMessages.imageSize,
          },
        },
        video: {
          folder,
          probe: request.headers['x-probe'] === '1',
          maxCount,
          rule: {
            kinds: ['mp4'],
            maxBytes: videoMaxBytes,
            typeMessage: mediaMessages.video,
            sizeMessage: mediaMessages.videoSize,
          },
        },
      },
      skipInvalidFiles: request.headers['x-skip'] === '1',
    });
    return {
      status: true,
      message: 'ok',
      fields: result.fields,
      image: single(result, 'image')?.url,
      videos: result.files.video?.map((v) => v.url) ?? [],
      names: result.files.video?.map((v) => v.filename) ?? [],
      probes: await Promise.all(result.files.video?.map((v) => v.probe ?? null) ?? []),
      rejected: result.rejected,
    };
  });
}
