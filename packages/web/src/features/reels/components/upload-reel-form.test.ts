import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import { describe, expect, it } from 'vitest';
import { reelFileProblem } from './upload-reel-form';

describe('reelFileProblem', () => {
  it('accepts MP4 up to 30 MB only', () => {
    const mp4 = new File([new Uint8Array(8)], 'clip.mp4', { type: 'video/mp4' });
    expect(reelFileProblem(mp4)).toBeUndefined();
    expect(reelFileProblem(new File(['x'], 'logo.png', { type: 'image/png' }))).toBe(mediaMessages.video);
    const big = new File([new Uint8Array(8)], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: mediaLimits.video + 1 });
    expect(reelFileProblem(big)).toBe(mediaMessages.videoSize);
  });
});
