import { isImageKind } from '@streamdesk/contract/media-sniff';
import { CATEGORY_IMAGE_MAX_BYTES, categoryMessages } from '@streamdesk/contract/video-categories';
import { readBrokenImage, readFileKind } from '@/lib/file-kind';

/** The browser-side check of a chosen image, by content and whole, like the server's. */
export async function imageProblem(file: File): Promise<string | undefined> {
  const kind = await readFileKind(file);
  if (!kind || !isImageKind(kind)) return categoryMessages.imageType;
  if (file.size > CATEGORY_IMAGE_MAX_BYTES) return categoryMessages.imageSize;
  return readBrokenImage(file, kind, categoryMessages.imageType);
}
