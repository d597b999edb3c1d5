import type { MediaKind } from '@streamdesk/contract/media';
import { SNIFF_BYTES, sniffMediaKind } from '@streamdesk/contract/media-sniff';

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
