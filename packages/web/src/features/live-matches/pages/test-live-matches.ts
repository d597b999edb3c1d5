/** A live match as the list replies with it, and the list reply, for the screen tests. */
export const testMatch = {
  _id: '6650f0c1a2b3c4d5e6f70812',
  title: 'Cup Final',
  url: 'https://stream.example.com/cup',
  thumbnail: '/media/live-matches/6650f0c1a2b3c4d5e6f70812.png',
  view: 1500,
  createdAt: '2026-11-21T06:00:00.000Z',
  status: true,
  version: '1111111111111111',
};

export const testMatchList = (data: unknown[], liveMatch: boolean) => ({
  status: true,
  message: 'ok',
  data,
  totalPage: 1,
  total: data.length,
  totalCapped: false,
  liveMatch,
});

/** A website live ad as the Ads Fire list replies with it. */
export const testWebAd = {
  _id: '6650f0c1a2b3c4d5e6f70901',
  a_name: 'Sponsor',
  a_url: 'https://sponsor.example.com',
  a_view: 3,
  a_click: 1,
  createdAt: '2026-11-21T06:00:00.000Z',
  version: '3333333333333333',
};
