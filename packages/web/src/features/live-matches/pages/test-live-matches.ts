import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { PNG } from '@/test/images';

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

/** The add form with a title, a URL and an image filled in, as a person would; the rest is the test's. */
export async function fillAddForm(user: UserEvent, title: string): Promise<HTMLElement> {
  const form = await screen.findByRole('form', { name: 'Add live match' }, { timeout: 5000 });
  await user.type(within(form).getByLabelText('Title'), title);
  await user.type(within(form).getByLabelText('URL'), `https://s.example/${title.toLowerCase()}`);
  await user.upload(
    within(form).getByLabelText('Image (PNG or GIF)'),
    new File([PNG], `${title.toLowerCase()}.png`, { type: 'image/png' }),
  );
  return form;
}
