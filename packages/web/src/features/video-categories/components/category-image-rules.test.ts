import { categoryMessages } from '@streamdesk/contract/video-categories';
import { describe, expect, it } from 'vitest';
import { GIF } from '@/test/images';
import { imageProblem } from './category-image-rules';

describe('imageProblem', () => {
  it('takes a whole image and refuses one cut off before its end, naming the problem first', async () => {
    expect(await imageProblem(new File([GIF], 'a.gif'))).toBeUndefined();
    expect(await imageProblem(new File([GIF.slice(0, GIF.length - 1)], 'a.gif'))).toBe(
      `The image file is cut off: its end is missing. ${categoryMessages.imageType}`,
    );
    expect(await imageProblem(new File(['not an image'], 'a.gif'))).toBe(categoryMessages.imageType);
  });
});
