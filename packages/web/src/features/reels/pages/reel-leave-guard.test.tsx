import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeXhr, stubXhr } from '@/test/fake-xhr';
import * as leave from '@/test/leave-guard';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';

/** The upload form asks before a move loses a picked reel not uploaded, and not once it is (issue 36). */

const clip = () => new File(['mp4 bytes'], 'reel.mp4', { type: 'video/mp4' });

async function openForm() {
  mockApi({
    ...shell,
    ...leave.policyApi,
    'GET /api/App/reels': { status: true, message: 'ok', data: [], total: 0, totalPage: 0, reels: true },
  });
  const user = userEvent.setup();
  const view = renderApp('/story/add/reels');
  const form = within(await screen.findByRole('form', { name: 'Upload reel' }, { timeout: 8000 }));
  return { ...view, user, form, video: form.getByLabelText<HTMLInputElement>('Reel video') };
}

signedInScreenTests({ authStatus: 'signed-in' });
beforeEach(() => stubXhr());

describe('Upload reel: a picked video not uploaded', { timeout: 40_000 }, () => {
  it('asks before the menu leaves it: Cancel keeps the file, Leave goes', async () => {
    const page = await openForm();
    expect(leave.asksBeforeUnload()).toBe(false);
    await page.user.upload(page.video, clip());
    await leave.expectAskedBeforeLeaving(page, 'the new reel', () =>
      expect(page.video.files?.[0]?.name).toBe('reel.mp4'),
    );
  });

  it('does not ask once the reel is uploaded', async () => {
    const page = await openForm();
    await page.user.upload(page.video, clip());
    await page.user.click(page.form.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.made).toHaveLength(1));
    FakeXhr.made[0]!.respond(200, JSON.stringify({ status: true, message: 'Reel uploaded' }));
    expect(await screen.findByText('Reel uploaded')).toBeInTheDocument();
    await leave.expectLeavesWithoutAsking(page);
  });
});
