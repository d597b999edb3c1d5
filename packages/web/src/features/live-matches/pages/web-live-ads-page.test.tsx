import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInScreenTests } from '@/test/signed-in-screen';
import { openScreen } from './signed-in-app';

const ad = {
  _id: '6650f0c1a2b3c4d5e6f70901',
  a_name: 'Sponsor',
  a_url: 'https://sponsor.example.com',
  a_view: 3,
  a_click: 1,
  createdAt: '2026-11-21T06:00:00.000Z',
};

signedInScreenTests();

describe('Ads Fire', () => {
  it('refuses a URL that is not http(s) in the add form and the edit row, sending nothing', async () => {
    const post = vi.fn();
    const put = vi.fn();
    openScreen('/add/liveMatch/liveAdWeb', {
      'GET /api/App/liveMatch/liveAdsWeb': { status: true, message: 'ok', data: [ad] },
      'POST /api/App/liveMatch/liveAdsWeb': post,
      'PUT /api/App/liveMatch/liveAdsWeb': put,
    });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Fire Sponsor' }, { timeout: 5000 });

    // A fire sends the ad's URL to every phone: a script or a non-web scheme must not get in.
    const form = screen.getByRole('form', { name: 'Add website ad' });
    await user.type(within(form).getByLabelText('Ad name'), 'Bad');
    await user.type(within(form).getByLabelText('Ad URL'), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('URL must be a valid http(s) URL')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Sponsor' }));
    const url = screen.getByLabelText('Edit URL');
    await user.clear(url);
    await user.type(url, 'ftp://files.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('URL must be a valid http(s) URL')).toHaveLength(2);
    expect(screen.queryByRole('dialog', { name: 'Please confirm' })).toBeNull();
    expect(post).not.toHaveBeenCalled();
    expect(put).not.toHaveBeenCalled();
  }, 20_000);

  it('links only an http(s) URL, so an ad stored before the check cannot run a script', async () => {
    openScreen('/add/liveMatch/liveAdWeb', {
      'GET /api/App/liveMatch/liveAdsWeb': {
        status: true,
        message: 'ok',
        data: [ad, { ...ad, _id: '6650f0c1a2b3c4d5e6f70902', a_name: 'Old', a_url: 'javascript:alert(1)' }],
      },
    });
    expect(await screen.findByRole('link', { name: ad.a_url }, { timeout: 5000 })).toHaveAttribute(
      'href',
      ad.a_url,
    );
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
  });
});
