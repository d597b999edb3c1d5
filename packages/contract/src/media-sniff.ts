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
 * share the box but are not MP4, so the brands decide (docs/decisions/mp4-by-brand.md).
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

/** Bytes `from` to `to` of the head as characters (magic numbers and brands are ASCII). */
function text(head: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...head.subarray(from, to));
}
