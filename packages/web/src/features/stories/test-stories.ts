import type { Story, StoryListReply } from '@streamdesk/contract/stories';

/** Story `n` as the server sends it, an image story with no counts, for the screen tests; `over` on top. */
export const storyRow = (n: number, over: Partial<Story> = {}): Story => ({
  _id: String(n).padStart(24, '0'),
  status: true,
  video: '',
  image: `/media/stories/${n}.png`,
  thembnal: `/media/stories/${n}.png`,
  adsStory: false,
  storyTime: 10,
  btnName: 'Go',
  btnUrl: 'https://e.com',
  web_Url: 'https://e.com',
  view: 0,
  clickBtnCount: 0,
  date_time: '2026-01-01T00:00:00.000Z',
  maxviewLimit: 0,
  maxviewStatus: false,
  maxclickLimit: 0,
  maxclickStatus: false,
  NTV: false,
  NTV_ID: '',
  hls: '',
  poster: '',
  state: 'ready',
  progress: 100,
  ...over,
});

/** A story list reply holding `data`, on one page. */
export const storyListReply = (data: Story[]): StoryListReply => ({
  status: true,
  message: 'ok',
  data,
  total: data.length,
  totalCapped: false,
  totalPage: 1,
  firstStoryVideo: null,
});
