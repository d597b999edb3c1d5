import type { FastifyRequest } from 'fastify';
import { inHouseImageRule, inHouseLimits, inHouseMessages } from '@streamdesk/contract/inhouse-ads';
import type { MediaRule, MediaStore, SavedMedia } from '../../platform/media/media-store.js';
import { readMultipart, single, type UploadedFile } from '../../platform/media/multipart.js';
import { acceptVideo } from '../../platform/media/video-tools.js';

export const INHOUSE_FOLDER = 'inhouse-ads';

const videoRule: MediaRule = {
  kinds: ['mp4'],
  maxBytes: inHouseLimits.videoBytes,
  typeMessage: inHouseMessages.videoType,
  sizeMessage: inHouseMessages.videoSize,
};

export interface InHouseUpload {
  fields: Record<string, string>;
  icon: SavedMedia | undefined;
  image: SavedMedia | undefined;
  video: UploadedFile | undefined;
  /** Removes every file of this request (and a thumbnail made from it). */
  discard(): Promise<void>;
}

/** Streams the form's icon and image (or video) into the media store, checking type and size. */
export async function readInHouseForm(request: FastifyRequest, media: MediaStore): Promise<InHouseUpload> {
  const result = await readMultipart(request, media, {
    files: {
      icon: { folder: INHOUSE_FOLDER, rule: inHouseImageRule },
      image: { folder: INHOUSE_FOLDER, rule: inHouseImageRule },
      video: { folder: INHOUSE_FOLDER, rule: videoRule, probe: true },
    },
  });
  return {
    fields: result.fields,
    icon: single(result, 'icon'),
    image: single(result, 'image'),
    video: single(result, 'video'),
    discard: result.discard,
  };
}

/** The thumbnail URL of an uploaded video (made in the background); a video ffprobe cannot read is refused. */
export async function thumbnailOf(media: MediaStore, video: UploadedFile): Promise<string> {
  return (await acceptVideo(media, video, INHOUSE_FOLDER)).thumbnail.url;
}
