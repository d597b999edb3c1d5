import { describe, expect, it } from 'vitest';
import { checkIcon } from './icon-check';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const file = (bytes: number[], size = bytes.length, name = 'i.png') => {
  const data = new Uint8Array(size);
  data.set(bytes);
  return new File([data], name);
};

describe('checkIcon', () => {
  it('accepts PNG and JPEG by content, up to exactly 1 MB', async () => {
    expect(await checkIcon(file(PNG))).toBeUndefined();
    expect(await checkIcon(file([0xff, 0xd8, 0xff, 0xe0], 100, 'photo.txt'))).toBeUndefined();
    expect(await checkIcon(file(PNG, 1024 * 1024))).toBeUndefined();
  });

  it('refuses other content whatever the name, and files over 1 MB', async () => {
    expect(await checkIcon(file([0x47, 0x49, 0x46, 0x38], 10, 'a.png'))).toBe(
      'Please select a valid image file. Allowed types: png, jpg, jpeg',
    );
    expect(await checkIcon(file([], 0))).toBe(
      'Please select a valid image file. Allowed types: png, jpg, jpeg',
    );
    expect(await checkIcon(file(PNG, 1024 * 1024 + 1))).toBe('The image file size should not exceed 1 MB');
  });
});
