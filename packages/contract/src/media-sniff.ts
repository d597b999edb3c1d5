import type { MediaKind } from './media.js';

/** Bytes needed to decide a file's type. */
export const SNIFF_BYTES = 12;

/**
 * The file's type from its first bytes (magic numbers), never from the client's name or MIME type.
 * PNG: 89 50 4E 47 0D 0A 1A 0A; GIF: "GIF87a"/"GIF89a"; JPEG: FF D8 FF; MP4 and other ISO-BMFF: "ftyp" at 4.
 */
export function sniffMediaKind(head: Uint8Array): MediaKind | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 8 && head[0] === 0x89 && ascii(1, 4) === 'PNG' && head[4] === 0x0d && head[5] === 0x0a) {
    return 'png';
  }
  if (head.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && ascii(4, 8) === 'ftyp') return 'mp4';
  return undefined;
}
