import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { webLiveAdMessages } from '@streamdesk/contract/live-matches';
import { describe, expect, it, vi } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { jsonResponse, pendingResponse } from '@/test/runtime';
import { undoApi } from '@/test/undo';
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
  it('deletes an ad to the trash after the captcha, and Undo in the toast restores it', async () => {
    const restore = undoApi();
    openScreen('/add/liveMatch/liveAdWeb', {
      'GET /api/App/liveMatch/liveAdsWeb': { status: true, message: 'ok', data: [ad] },
      'DELETE /api/App/liveMatch/liveAdsWeb': {
        status: true,
        message: 'Ad deleted successfully',
        deleted: 1,
      },
      ...restore.api,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Sponsor' }, { timeout: 5000 }));
    await answerMath({ confirm: 'Delete' });
    expect(await restore.undo('Ad deleted successfully')).toEqual([[ad._id]]);
  }, 20_000);

  it("links each row to its ad's entries in the activity log", async () => {
    openScreen('/add/liveMatch/liveAdWeb', {
      'GET /api/App/liveMatch/liveAdsWeb': { status: true, message: 'ok', data: [ad] },
    });
    expect(
      await screen.findByRole('link', { name: 'History of Sponsor' }, { timeout: 5000 }),
    ).toHaveAttribute('href', `/activity?feature=live-matches&item=${ad._id}`);
  });

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

  it('says, beside the add form and edit row fields, the spaces a save removes (issue 36)', async () => {
    openScreen('/add/liveMatch/liveAdWeb', {
      'GET /api/App/liveMatch/liveAdsWeb': { status: true, message: 'ok', data: [ad] },
    });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Fire Sponsor' }, { timeout: 5000 });
    const form = screen.getByRole('form', { name: 'Add website ad' });
    await user.type(within(form).getByLabelText('Ad name'), 'Big Promo');
    expect(within(form).getByLabelText('Ad name')).toHaveAccessibleDescription(
      'Spaces are removed: saved as "BigPromo"',
    );
    expect(within(form).getByLabelText('Ad URL')).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('button', { name: 'Edit Sponsor' }));
    const url = screen.getByLabelText('Edit URL');
    await user.clear(url);
    await user.type(url, 'https://a.example/x y');
    expect(url).toHaveAccessibleDescription('Spaces are removed: saved as "https://a.example/xy"');
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

  it('reloads the list when a Fire meets an ad another admin deleted, and says so in a sentence', async () => {
    let listed = [ad];
    const list = vi.fn(() => jsonResponse({ status: true, message: 'ok', data: listed }));
    openScreen('/add/liveMatch/liveAdWeb', {
      'GET /api/App/liveMatch/liveAdsWeb': list,
      'POST /api/App/LiveMatch/admin/ads/fire': () => {
        listed = [];
        return jsonResponse({ status: false, message: webLiveAdMessages.fireUnknownName }, 404);
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fire Sponsor' }, { timeout: 5000 }));
    const toast = await screen.findByText(webLiveAdMessages.fireUnknownName);
    expect(toast.textContent).not.toMatch(/^a_name:/);
    // The stale row leaves the screen: the list is read again after the not-found.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Fire Sponsor' })).toBeNull());
    // Read again (the app-wide reload after a 404, where there is one, may read it once more).
    expect(list.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('No website ads yet.')).toBeInTheDocument();
  }, 20_000);

  it('does not reload the list after a refusal that leaves the row as it is', async () => {
    const list = vi.fn(() => jsonResponse({ status: true, message: 'ok', data: [ad] }));
    openScreen('/add/liveMatch/liveAdWeb', {
      'GET /api/App/liveMatch/liveAdsWeb': list,
      'POST /api/App/LiveMatch/admin/ads/fire': () => jsonResponse({ status: false, message: 'Paused' }, 400),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fire Sponsor' }, { timeout: 5000 }));
    expect(await screen.findByText('Paused')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('adds once and toasts once when the form is submitted twice before the reply', async () => {
    const added = pendingResponse();
    openScreen('/add/liveMatch/liveAdWeb', {
      'GET /api/App/liveMatch/liveAdsWeb': { status: true, message: 'ok', data: [ad] },
      'POST /api/App/liveMatch/liveAdsWeb': added.handler,
    });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Fire Sponsor' }, { timeout: 5000 });
    const form = screen.getByRole('form', { name: 'Add website ad' });
    await user.type(within(form).getByLabelText('Ad name'), 'Promo');
    await user.type(within(form).getByLabelText('Ad URL'), 'https://promo.example');
    // A double-click: both submits come before the button has re-rendered as busy.
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(added.handler).toHaveBeenCalledOnce());
    added.answer({ status: true, message: 'Ad added successfully', data: { ...ad, a_name: 'Promo' } });
    expect(await screen.findByText('Ad added successfully')).toBeInTheDocument();
    // Another submit's reply would have come by now.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('Ad added successfully')).toHaveLength(1);
    expect(added.handler).toHaveBeenCalledOnce();
  }, 20_000);
});
