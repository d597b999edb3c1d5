import type { InHouseAd } from '@streamdesk/contract/inhouse-ads';

/** The in-house ad numbered `n` as the server replies with it, for the screen tests. */
export const testInHouseAd = (n: number, over: Partial<InHouseAd> = {}): InHouseAd => ({
  _id: `ad${String(n).padStart(22, '0')}`,
  mainTitle: `Ad-${n}`,
  subTitle: `Sub ${n}`,
  medType: 'image',
  description: `Ad-${n}`,
  callToAction: 'https://example.com',
  btnName: 'Install',
  web_stay_time: 5,
  adType: 'fs_web',
  icon: '/media/inhouse-ads/icon.png',
  medView: '/media/inhouse-ads/image.png',
  thumbnail: null,
  view: 1500,
  clickCount: 7,
  status: true,
  createdAt: '2026-11-21T06:00:00.000Z',
  updatedAt: '2026-11-21T06:00:00.000Z',
  hls: '',
  poster: '',
  state: 'ready',
  progress: 100,
  ...over,
});

/** The list reply with `data`. */
export const testInHouseList = (data: InHouseAd[], totalPages = 1, running = false) => ({
  status: true,
  message: 'In-house ads',
  data,
  totalPages,
  total: data.length,
  totalCapped: false,
  InHouseAdsStatus: running,
});
