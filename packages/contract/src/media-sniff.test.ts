import { describe, expect, it } from 'vitest';
import { sniffMediaKind } from './media-sniff.js';

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
