import type { MediaKind } from '@streamdesk/contract/media';

// The sniffing itself is shared with the browser, which checks a chosen file before sending it.
export {
  brokenImageMessage,
  imageFault,
  isImageKind,
  SNIFF_BYTES,
  sniffMediaKind,
} from '@streamdesk/contract/media-sniff';

export const extensionOf: Record<MediaKind, string> = { png: 'png', gif: 'gif', jpeg: 'jpg', mp4: 'mp4' };
export const contentTypeOf: Record<MediaKind, string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  mp4: 'video/mp4',
};
