import type { MediaKind } from '@streamdesk/contract/media';
import {
  brokenImageMessage,
  imageFault,
  isImageKind,
  SNIFF_BYTES,
  sniffMediaKind,
  type ImageKind,
} from '@streamdesk/contract/media-sniff';

/** Blob.arrayBuffer where there is one; FileReader otherwise (older Safari, jsdom). */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/** A chosen file's type from its first bytes, as the server will decide it (never from the name). */
export async function readFileKind(file: Blob): Promise<MediaKind | undefined> {
  try {
    return sniffMediaKind(new Uint8Array(await readBytes(file.slice(0, SNIFF_BYTES))));
  } catch {
    return undefined;
  }
}

/**
 * The server's refusal of a chosen image that is not whole (cut off or damaged), found before sending it:
 * the same walk of the file the server makes (docs/decisions/0004-media-urls.md). `kind` is the file's
 * sniffed kind and the file is within its size limit, so reading it whole costs at most about 1 MB.
 * A file the browser cannot read is left to the server.
 */
export async function readBrokenImage(file: Blob, kind: ImageKind, typeMessage: string) {
  try {
    const fault = imageFault(new Uint8Array(await readBytes(file)), kind);
    return fault && brokenImageMessage(fault, typeMessage);
  } catch {
    return undefined;
  }
}

/** What a picker's server route takes as an image: its kinds by content, and its message for others. */
export interface WholeImageRule {
  kinds: readonly MediaKind[];
  typeMessage: string;
}

/**
 * The server's refusal of a chosen file it would not take as a whole image of `rule`'s kinds (declared an
 * image, but its bytes are of another kind, or cut off or damaged), or undefined.
 */
export async function brokenImageProblem(file: Blob, rule: WholeImageRule) {
  const kind = await readFileKind(file);
  if (!kind || !isImageKind(kind) || !rule.kinds.includes(kind)) return rule.typeMessage;
  return readBrokenImage(file, kind, rule.typeMessage);
}
