import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brokenImageMessage, imageFault, sniffMediaKind, type ImageKind } from './media-sniff.js';

/** The first bytes of an ISO-BMFF file: an `ftyp` box with its major and compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length;
  const box = new Uint8Array(size + 8);
  new DataView(box.buffer).setUint32(0, size);
  box.set(new TextEncoder().encode(`ftyp${major}\0\0\0\0${compatible.join('')}`), 4);
  box.set(new TextEncoder().encode('free'), size + 4);
  return box;
}

describe('sniffMediaKind: MP4 by its brands', () => {
  it('takes files whose major or a compatible brand is an MP4 brand', () => {
    expect(sniffMediaKind(ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'))).toBe('mp4'); // ffmpeg
    expect(sniffMediaKind(ftyp('mp42', 'mp42', 'isom'))).toBe('mp4');
    expect(sniffMediaKind(ftyp('M4V ', 'M4V ', 'M4A ', 'mp42', 'isom'))).toBe('mp4'); // iTunes video
    expect(sniffMediaKind(ftyp('XAVC', 'XAVC', 'msnv', 'iso6'))).toBe('mp4'); // a camera's own brand
  });

  it('refuses QuickTime, 3GP and the ISO-BMFF image formats', () => {
    expect(sniffMediaKind(ftyp('qt  ', 'qt  '))).toBeUndefined(); // an iPhone .mov
    expect(sniffMediaKind(ftyp('3gp4', '3gp4', 'isom'))).toBeUndefined();
    expect(sniffMediaKind(ftyp('3g2a', '3g2a'))).toBeUndefined();
    expect(sniffMediaKind(ftyp('heic', 'mif1', 'heic'))).toBeUndefined();
    expect(sniffMediaKind(ftyp('avif', 'avif', 'mif1', 'miaf'))).toBeUndefined();
  });

  it('reads compatible brands only inside the box', () => {
    const box = ftyp('abcd');
    box.set(new TextEncoder().encode('isom'), box.length - 4);
    expect(sniffMediaKind(box)).toBeUndefined();
  });
});

/** A PNG chunk: length, type, data and the CRC of type and data (node's zlib computes it, not ours). */
function chunk(type: string, data: Uint8Array, crc?: number): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc ?? crc32(body), body.length + 4);
  return out;
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A 2x2 grey PNG: IHDR, a text chunk, the deflated rows in IDAT, IEND. */
function png({ textCrc }: { textCrc?: number } = {}): Buffer {
  const header = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 0, 0, 0, 0]); // 2x2, 8-bit grey
  const rows = Buffer.from([0, 0x10, 0x20, 0, 0x30, 0x40]); // each row: filter byte, two pixels
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from('Comment\0made by hand'), textCrc),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF of `frames` 1x1 images (two-colour global table), with the looping extension when animated. */
function gif(frames = 1): Buffer {
  const frame = [
    [0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00], // graphic control: 0.1 s
    [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00], // image descriptor, no local table
    [0x02, 0x02, 0x44, 0x01, 0x00], // LZW code size 2, one sub-block, end of sub-blocks
  ].flat();
  const loop = [0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0x00, 0x00, 0x00];
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...[1, 0, 1, 0, 0x80, 0, 0], // 1x1 screen, global table of two colours
    ...[0, 0, 0, 0xff, 0xff, 0xff],
    ...(frames > 1 ? loop : []),
    ...Array.from({ length: frames }, () => frame).flat(),
    0x3b,
  ]);
}

/** A JPEG segment: marker and payload, its length counting itself. */
const segment = (marker: number, payload: number[]) => [
  0xff,
  marker,
  (payload.length + 2) >> 8,
  (payload.length + 2) & 0xff,
  ...payload,
];
/**
 * An 8x8 grey baseline JPEG: one quantisation table, one-code Huffman tables (DC difference 0, AC end
 * of block), a scan whose single block is flat grey, EOI. ffmpeg decodes it.
 */
function jpeg({ frame = true, scan = true } = {}): Buffer {
  const oneCode = (tableClass: number) => [tableClass, 1, ...new Array<number>(15).fill(0), 0x00];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...(frame ? segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]) : []),
    ...segment(0xc4, oneCode(0x00)),
    ...segment(0xc4, oneCode(0x10)),
    ...(scan ? [...segment(0xda, [1, 1, 0x00, 0, 63, 0]), 0x3f, 0xff, 0x00, 0x3f] : []),
    0xff,
    0xd9,
  ]);
}

const WHOLE: [ImageKind, Buffer][] = [
  ['png', png()],
  ['gif', gif()],
  ['gif', gif(3)],
  ['jpeg', jpeg()],
];

describe('imageFault: a PNG, GIF or JPEG is checked whole', () => {
  it('passes whole images, and bytes after their end marker', () => {
    for (const [kind, bytes] of WHOLE) {
      expect([kind, imageFault(bytes, kind)]).toEqual([kind, undefined]);
      expect(imageFault(Buffer.concat([bytes, Buffer.alloc(500)]), kind)).toBeUndefined();
    }
  });

  it('finds every cut, wherever it falls: the signature alone, mid-part, the last byte missing', () => {
    for (const [kind, bytes] of WHOLE) {
      for (let length = 0; length < bytes.length; length++)
        expect([kind, length, imageFault(bytes.subarray(0, length), kind)]).toEqual([
          kind,
          length,
          'truncated',
        ]);
    }
  });

  it('finds a damaged PNG by its CRCs, but not by an ancillary chunk the decoders skip', () => {
    const flipped = png();
    const idat = flipped.indexOf('IDAT');
    flipped[idat + 6] = flipped[idat + 6]! ^ 0x01;
    expect(imageFault(flipped, 'png')).toBe('corrupt');
    expect(imageFault(png({ textCrc: 0 }), 'png')).toBeUndefined();
    const noHeader = Buffer.concat([PNG_SIGNATURE, chunk('IEND', Buffer.alloc(0))]);
    expect(imageFault(noHeader, 'png')).toBe('corrupt');
    const noPixels = Buffer.concat([png().subarray(0, 33), chunk('IEND', Buffer.alloc(0))]);
    expect(imageFault(noPixels, 'png')).toBe('corrupt');
  });

  it('finds a GIF with an unknown block or no image', () => {
    const unknown = gif();
    unknown[unknown.indexOf(0x2c)] = 0x99;
    expect(imageFault(unknown, 'gif')).toBe('corrupt');
    const empty = Buffer.concat([gif().subarray(0, 19), Buffer.from([0x3b])]);
    expect(imageFault(empty, 'gif')).toBe('corrupt');
  });

  it('finds a JPEG that ends with no scan, or scans before its frame header', () => {
    expect(imageFault(jpeg({ scan: false }), 'jpeg')).toBe('corrupt');
    expect(imageFault(jpeg({ frame: false }), 'jpeg')).toBe('corrupt');
    expect(imageFault(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'jpeg')).toBe('corrupt');
  });

  it('names the problem, then the route message for a wrong image', () => {
    expect(brokenImageMessage('truncated', 'Only PNG, GIF, JPG, JPEG images are allowed')).toBe(
      'The image file is cut off: its end is missing. Only PNG, GIF, JPG, JPEG images are allowed',
    );
    expect(brokenImageMessage('corrupt', 'x')).toBe('The image file is damaged. x');
  });
});
