import { mediaMessages } from '@streamdesk/contract/media';
import { notificationLimits } from '@streamdesk/contract/notifications';
import { readBrokenImage, readFileKind } from '@/lib/file-kind';

/**
 * The same check the server makes, before uploading: png or jpeg by the file's first bytes (not its
 * name or type), at most 1 MB, and whole (not cut off or damaged). Returns the message the server would
 * give, or undefined when the icon is fine.
 */
export async function checkIcon(file: File): Promise<string | undefined> {
  const kind = await readFileKind(file);
  if (kind !== 'png' && kind !== 'jpeg') return mediaMessages.image;
  if (file.size > notificationLimits.icon) return mediaMessages.imageSize;
  return readBrokenImage(file, kind, mediaMessages.image);
}
