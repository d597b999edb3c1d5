import { describe, expect, it } from 'vitest';
import { JPEG, PNG } from '@/test/images';
import { checkIcon } from './icon-check';

const file = (bytes: Uint8Array | number[], size = bytes.length, name = 'i.png') => {
  const data = new Uint8Array(size);
  data.set(bytes);
  return new File([data], name);
};
const TYPE = 'Please select a valid image file. Allowed types: png, jpg, jpeg';

describe('checkIcon', () => {
  it('accepts a whole PNG or JPEG by content, whatever its name, up to exactly 1 MB', async () => {
    expect(await checkIcon(file(PNG))).toBeUndefined();
    expect(await checkIcon(file(JPEG, JPEG.length, 'photo.txt'))).toBeUndefined();
    // Bytes after the end are ignored, as decoders ignore them.
    expect(await checkIcon(file(PNG, 1024 * 1024))).toBeUndefined();
  });

  it('refuses other content whatever the name, and files over 1 MB', async () => {
    expect(await checkIcon(file([0x47, 0x49, 0x46, 0x38], 10, 'a.png'))).toBe(TYPE);
    expect(await checkIcon(file([], 0))).toBe(TYPE);
    expect(await checkIcon(file(PNG, 1024 * 1024 + 1))).toBe('The image file size should not exceed 1 MB');
  });

  it('refuses a PNG or JPEG that is cut off, as the server does', async () => {
    const cut = `The image file is cut off: its end is missing. ${TYPE}`;
    expect(await checkIcon(file(PNG.slice(0, 8)))).toBe(cut);
    expect(await checkIcon(file(PNG.slice(0, PNG.length - 5)))).toBe(cut);
    expect(await checkIcon(file(JPEG.slice(0, JPEG.length - 2)))).toBe(cut);
  });
});
