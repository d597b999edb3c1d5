import { describe, expect, it } from 'vitest';
import { pickVideos, sizeInMb } from './video-file-rules';

const MP4_HEAD = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]);
const mp4 = (name: string, size = 1000, lastModified = 1_700_000_000_000) => {
  const body = new Uint8Array(size);
  body.set(MP4_HEAD);
  return new File([body], name, { type: 'video/mp4', lastModified });
};

describe('pickVideos', () => {
  it('drops files that are not MP4 by content, naming them', async () => {
    const renamed = new File(['just some text here'], 'fake.mp4', { type: 'video/mp4' });
    const { accepted, problems } = await pickVideos([], [mp4('a.mp4'), renamed, mp4('b.mov', 2000)]);
    expect(accepted.map((f) => f.name)).toEqual(['a.mp4', 'b.mov']);
    expect(problems).toEqual(['fake.mp4 is not an MP4 file.']);
  });

  it('drops a file over 200 MB', async () => {
    const big = mp4('big.mp4');
    Object.defineProperty(big, 'size', { value: 200 * 1024 * 1024 + 1 });
    const { accepted, problems } = await pickVideos([], [big]);
    expect(accepted).toEqual([]);
    expect(problems).toEqual(['big.mp4 exceeds the 200MB size limit.']);
  });

  it('refuses a selection that would pass 50 files', async () => {
    const current = Array.from({ length: 49 }, (_, i) => mp4(`${i}.mp4`));
    const { accepted, problems } = await pickVideos(current, [mp4('x.mp4'), mp4('y.mp4')]);
    expect(accepted).toEqual([]);
    expect(problems).toEqual(['You can upload a maximum of 50 videos at once.']);
    expect((await pickVideos(current, [mp4('x.mp4')])).accepted).toHaveLength(1);
  });

  it('drops a file already selected, or chosen twice at once, naming it', async () => {
    const a = mp4('a.mp4');
    const again = await pickVideos([a, mp4('b.mp4')], [mp4('a.mp4'), mp4('c.mp4'), mp4('c.mp4')]);
    expect(again.accepted.map((f) => f.name)).toEqual(['c.mp4']);
    expect(again.problems).toEqual(['a.mp4 is already selected.', 'c.mp4 is already selected.']);
    // Another file of the same name (another folder, another size or time) is another video.
    const other = await pickVideos([a], [mp4('a.mp4', 2000), mp4('a.mp4', 1000, 5)]);
    expect(other.accepted).toHaveLength(2);
    expect(other.problems).toEqual([]);
  });

  it('counts a file chosen again once toward the 50', async () => {
    const current = Array.from({ length: 50 }, (_, i) => mp4(`${i}.mp4`));
    const { accepted, problems } = await pickVideos(current, [mp4('7.mp4')]);
    expect(accepted).toEqual([]);
    expect(problems).toEqual(['7.mp4 is already selected.']);
  });

  it('shows sizes in MB', () => {
    expect(sizeInMb(1024 * 1024 * 12.345)).toBe('12.35 MB');
  });
});
