import { CATEGORY_IMAGE_MAX_BYTES, categoryMessages } from '@streamdesk/contract/video-categories';

const IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'image/jpg'];

/** The browser-side check of a chosen image (the server checks the content again). */
export function imageProblem(file: File): string | undefined {
  if (!IMAGE_TYPES.includes(file.type)) return categoryMessages.imageType;
  if (file.size > CATEGORY_IMAGE_MAX_BYTES) return categoryMessages.imageSize;
  return undefined;
}
