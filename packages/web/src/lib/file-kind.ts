import type { MediaKind } from '@streamdesk/contract/media';
import { SNIFF_BYTES, sniffMediaKind } from '@streamdesk/contract/media-sniff';

/** A chosen file's type from its first bytes, as the server will decide it (never from the name). */
export async function readFileKind(file: Blob): Promise<MediaKind | undefined> {
  return sniffMediaKind(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
}
