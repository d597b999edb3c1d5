import { categoryMessages } from '@streamdesk/contract/video-categories';
import { describe, expect, it } from 'vitest';
import { imageProblem } from './category-image-rules';

/** A whole 1x1 GIF. */
const GIF = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (c) =>
  c.charCodeAt(0),
);

describe('imageProblem', () => {
  it('takes a whole image and refuses one cut off before its end, naming the problem first', async () => {
    expect(await imageProblem(new File([GIF], 'a.gif'))).toBeUndefined();
    expect(await imageProblem(new File([GIF.slice(0, GIF.length - 1)], 'a.gif'))).toBe(
      `The image file is cut off: its end is missing. ${categoryMessages.imageType}`,
    );
    expect(await imageProblem(new File(['not an image'], 'a.gif'))).toBe(categoryMessages.imageType);
  });
});
