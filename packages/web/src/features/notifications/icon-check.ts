import { mediaMessages } from '@streamdesk/contract/media';
import { notificationLimits } from '@streamdesk/contract/notifications';

/** FileReader rather than Blob.arrayBuffer(): it works in every browser this app supports. */
const readHead = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });

const startsWith = (bytes: Uint8Array, sig: number[]) => sig.every((b, i) => bytes[i] === b);

/**
 * The same check the server makes, before uploading: png or jpeg by the file's first bytes (not its
 * name or type), at most 1 MB. Returns the spec's message, or undefined when the icon is fine.
 */
export async function checkIcon(file: File): Promise<string | undefined> {
  const head = new Uint8Array(await readHead(file.slice(0, 8)));
  const png = startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const jpeg = startsWith(head, [0xff, 0xd8, 0xff]);
  if (!png && !jpeg) return mediaMessages.image;
  if (file.size > notificationLimits.icon) return mediaMessages.imageSize;
  return undefined;
}
