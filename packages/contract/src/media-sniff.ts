import type { MediaKind } from './media.js';

/** Bytes needed to decide a file's type: enough for an MP4's `ftyp` box with a dozen brands. */
export const SNIFF_BYTES = 64;

/**
 * Brands that make an ISO-BMFF file an MP4 (ISO/IEC 14496-14 and the base-media brands it builds on,
 * H.264/H.265 and DASH/CMAF profiles, Apple's M4V, Flash's F4V): the major brand or a compatible one.
 */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'hvc1',
  'dash',
  'cmfc',
  'cmf2',
  'msnv',
  'MSNV',
  'M4V ',
  'M4VH',
  'M4VP',
  'f4v ',
  'mmp4',
]);
/** Major brands of the same container family that are not MP4: QuickTime, 3GPP and 3GPP2. */
const NOT_MP4_MAJOR = /^(qt {2}|3gp|3g2)/;

/**
 * The file's type from its first bytes (magic numbers), never from the client's name or MIME type.
 * PNG: 89 50 4E 47 0D 0A 1A 0A; GIF: "GIF87a"/"GIF89a"; JPEG: FF D8 FF; MP4: an ISO-BMFF `ftyp` box
 * (at 4) with an MP4 brand. Other members of that family (QuickTime .mov, 3GP, HEIC and AVIF images)
 * share the box but are not MP4, so the brands decide (docs/decisions/0004-media-urls.md).
 */
export function sniffMediaKind(head: Uint8Array): MediaKind | undefined {
  const ascii = (from: number, to: number) => text(head, from, to);
  if (head.length >= 8 && head[0] === 0x89 && ascii(1, 4) === 'PNG' && head[4] === 0x0d && head[5] === 0x0a) {
    return 'png';
  }
  if (head.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && ascii(4, 8) === 'ftyp') return isMp4Brand(head) ? 'mp4' : undefined;
  return undefined;
}

/** The `ftyp` box's major brand (8-12) and compatible brands (from 16 to the box's end, as far as read). */
function isMp4Brand(head: Uint8Array): boolean {
  const brand = (at: number) => text(head, at, at + 4);
  const major = brand(8);
  if (NOT_MP4_MAJOR.test(major)) return false;
  if (MP4_BRANDS.has(major)) return true;
  const boxSize = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  const end = Math.min(boxSize, head.length);
  for (let at = 16; at + 4 <= end; at += 4) if (MP4_BRANDS.has(brand(at))) return true;
  return false;
}

/** Bytes `from` to `to` of the head as characters (magic numbers, brands and chunk types are ASCII). */
function text(head: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...head.subarray(from, to));
}

/** The image kinds, whose whole file is checked once it has arrived (an MP4 is checked by ffprobe). */
export type ImageKind = Extract<MediaKind, 'png' | 'gif' | 'jpeg'>;
export const isImageKind = (kind: MediaKind): kind is ImageKind => kind !== 'mp4';

/**
 * Why an image's bytes are not a whole image: `truncated` when the file ends before the image does (an
 * upload, download or copy cut short: what happens in practice), `corrupt` when a part of it is damaged.
 */
export type ImageFault = 'truncated' | 'corrupt';

/**
 * What the admin is told, before the route's own "wrong type" message (docs/decisions/0004-media-urls.md).
 */
export const imageFaultMessages: Record<ImageFault, string> = {
  truncated: 'The image file is cut off: its end is missing.',
  corrupt: 'The image file is damaged.',
};

/** The refusal of a broken image: the problem named, then the route's message for a wrong image. */
export const brokenImageMessage = (fault: ImageFault, typeMessage: string): string =>
  `${imageFaultMessages[fault]} ${typeMessage}`;

/**
 * Whether a whole PNG, GIF or JPEG file (already sniffed as that kind) is complete: its structure is
 * walked from the first byte to its end marker (PNG: every chunk and its CRC up to IEND; GIF: every block
 * and sub-block up to the 0x3B trailer; JPEG: every segment and scan up to EOI). Bytes after the end
 * marker are ignored, as decoders ignore them. Pixel data is not decoded: a cut-off file is what breaks
 * images in practice, and the walk finds it wherever the cut falls (docs/decisions/0004-media-urls.md).
 */
export function imageFault(bytes: Uint8Array, kind: ImageKind): ImageFault | undefined {
  if (kind === 'png') return pngFault(bytes);
  if (kind === 'gif') return gifFault(bytes);
  return jpegFault(bytes);
}

const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

let crcTable: Uint32Array | undefined;
/** CRC-32 (ISO 3309, as PNG uses it) of bytes `from` to `to`. */
function crc32(b: Uint8Array, from: number, to: number): number {
  const table = (crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c;
  }));
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = table[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * PNG: after the 8-byte signature, chunks of length (4), type (4), data and CRC (4), IHDR first and
 * IEND last, with at least one IDAT. A bad CRC fails a critical chunk (type's first letter upper case)
 * only: decoders skip an ancillary chunk (text, colour profile) whose CRC is wrong and show the image.
 */
function pngFault(b: Uint8Array): ImageFault | undefined {
  let at = 8;
  let chunks = 0;
  let pixels = false;
  for (;;) {
    if (at + 12 > b.length) return 'truncated';
    const length = u32(b, at);
    const type = text(b, at + 4, at + 8);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return 'corrupt';
    const end = at + 12 + length;
    if (end > b.length) return 'truncated';
    const critical = (b[at + 4]! & 0x20) === 0;
    if (critical && crc32(b, at + 4, end - 4) !== u32(b, end - 4)) return 'corrupt';
    if (chunks++ === 0 && (type !== 'IHDR' || length !== 13 || !u32(b, at + 8) || !u32(b, at + 12)))
      return 'corrupt';
    if (type === 'IDAT') pixels = true;
    if (type === 'IEND') return pixels ? undefined : 'corrupt';
    at = end;
  }
}

/**
 * GIF: the 13-byte header and screen descriptor, the global colour table when flagged, then blocks:
 * extensions (0x21, label, sub-blocks) and images (0x2C, 9-byte descriptor, local colour table when
 * flagged, LZW code size, sub-blocks), until the 0x3B trailer. A sub-block is a size byte and that many
 * bytes; a size of 0 ends the list.
 */
function gifFault(b: Uint8Array): ImageFault | undefined {
  const colourTable = (packed: number) => (packed & 0x80 ? 3 << ((packed & 7) + 1) : 0);
  let at = 13 + colourTable(b[10] ?? 0);
  /** Skips a list of sub-blocks; false when the file ends first. */
  const subBlocks = () => {
    for (;;) {
      if (at >= b.length) return false;
      const size = b[at++]!;
      if (size === 0) return true;
      at += size;
    }
  };
  let images = 0;
  for (;;) {
    if (at >= b.length) return 'truncated';
    const block = b[at++];
    if (block === 0x3b) return images ? undefined : 'corrupt';
    if (block === 0x21) {
      at++; // the extension's label
    } else if (block === 0x2c) {
      if (at + 9 > b.length) return 'truncated';
      at += 9 + colourTable(b[at + 8]!) + 1; // descriptor, local colour table, LZW minimum code size
      images++;
    } else {
      return 'corrupt';
    }
    if (!subBlocks()) return 'truncated';
  }
}

/** JPEG frame headers (SOF0-SOF15 but DHT C4, JPG C8 and DAC CC, which share the range). */
const isFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * JPEG: after SOI, markers (0xFF, a code); all but the standalone ones (RST0-7, TEM) carry a 2-byte
 * length that counts itself. A scan (SOS) is followed by entropy-coded data up to the next marker: an
 * 0xFF that is neither a stuffed 0xFF 0x00 nor a restart marker. The file is whole when EOI comes after
 * a frame header and a scan. Stray bytes between segments are skipped, as libjpeg skips them (with a
 * warning) and browsers show the image.
 */
function jpegFault(b: Uint8Array): ImageFault | undefined {
  let at = 2;
  let frame = false;
  let scan = false;
  for (;;) {
    at = b.indexOf(0xff, at);
    if (at < 0) return 'truncated';
    while (b[at] === 0xff) at++; // fill bytes
    if (at >= b.length) return 'truncated';
    const marker = b[at++]!;
    if (marker === 0xd9) return frame && scan ? undefined : 'corrupt';
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (at + 2 > b.length) return 'truncated';
    const length = u16(b, at);
    if (length < 2) return 'corrupt';
    if (at + length > b.length) return 'truncated';
    at += length;
    if (isFrameHeader(marker)) frame = true;
    if (marker !== 0xda) continue;
    if (!frame) return 'corrupt';
    scan = true;
    for (;;) {
      at = b.indexOf(0xff, at);
      if (at < 0 || at + 1 >= b.length) return 'truncated';
      const next = b[at + 1]!;
      if (next !== 0x00 && (next < 0xd0 || next > 0xd7)) break;
      at += 2;
    }
  }
}
