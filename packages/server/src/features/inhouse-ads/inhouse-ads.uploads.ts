import type { MediaStore, SavedMedia } from '../../platform/media/media-store.js';
import type { UploadedFile } from '../../platform/media/multipart.js';
import { acceptVideo } from '../../platform/media/video-tools.js';

export const INHOUSE_FOLDER = 'inhouse-ads';

/** The files of an in-house ad's form (the contract's inHouseRoutes.create and update). */
export interface InHouseUpload {
  icon: SavedMedia | undefined;
  image: SavedMedia | undefined;
  video: UploadedFile | undefined;
}

/** The thumbnail URL of an uploaded video (made in the background); a video ffprobe cannot read is refused. */
export async function thumbnailOf(media: MediaStore, video: UploadedFile): Promise<string> {
  return (await acceptVideo(media, video, INHOUSE_FOLDER)).thumbnail.url;
}
