import type { Video } from '@streamdesk/contract/videos';

/** Video `n` of category c1 (test data for the library screen's tests). */
export const video = (n: number, web: boolean): Video => ({
  _id: `v${n}`,
  video: `/media/videos/v${n}.mp4`,
  thumbnail: `/media/videos/v${n}.jpg`,
  createdAt: '2026-11-21T06:00:00.000Z',
  web,
  category: 'c1',
  view: 0,
  title: `Clip ${n}`,
  fileName: `Clip ${n}.mp4`,
  duration: 65,
  width: 1280,
  height: 720,
  size: 12_900_000,
  state: 'ready',
  progress: 100,
  error: '',
  hls: '',
  poster: '',
});

/** The category list the library's filter loads: one category, Sports. */
export const categories = {
  status: true,
  message: 'ok',
  data: [{ _id: 'c1', name: 'Sports', image: '/media/c1.png', status: true, total_products: 2 }],
};

/** One page holding `videos`, all there are. */
export const onePage = (videos: Video[]) => ({
  status: true,
  message: 'ok',
  data: videos,
  totalPage: 1,
  totalRecord: videos.length,
  totalCapped: false,
});
