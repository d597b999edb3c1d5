import { idempotencyMessages } from '@streamdesk/contract/idempotency';
import { mediaMessages } from '@streamdesk/contract/media';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeXhr, stubXhr } from '@/test/fake-xhr';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { UPLOAD_TICK_DELAY_MS } from '@/ui/upload-indicator';

/** The reel picker's mark: the cross only for a video that failed, the spec's tick after an upload. */

const clip = () => new File(['mp4 bytes'], 'reel.mp4', { type: 'video/mp4' });

/** Picks a reel, presses Upload and answers it with `status` and `body`. */
async function upload(status: number, body: unknown) {
  mockApi({
    ...shell,
    'GET /api/App/reels': { status: true, message: 'ok', data: [], total: 0, totalPage: 0, reels: true },
  });
  const user = userEvent.setup();
  renderApp('/story/add/reels');
  const form = within(await screen.findByRole('form', { name: 'Upload reel' }, { timeout: 8000 }));
  await user.upload(form.getByLabelText('Reel video'), clip());
  await user.click(form.getByRole('button', { name: 'Upload' }));
  await waitFor(() => expect(FakeXhr.made).toHaveLength(1));
  FakeXhr.made[0]!.respond(status, JSON.stringify(body));
  return form;
}

signedInScreenTests({ authStatus: 'signed-in' });
beforeEach(() => stubXhr());

describe('Upload reel: the video mark', { timeout: 20_000 }, () => {
  it('shows the cross when the server cannot read the video', async () => {
    const form = await upload(400, { status: false, message: mediaMessages.unreadableVideo });
    expect(await form.findByRole('img', { name: 'Upload failed' })).toBeInTheDocument();
  });

  it('shows no cross for a refusal that is not about the video', async () => {
    const form = await upload(409, { status: false, message: idempotencyMessages.stillSaving });
    expect(await screen.findByText(idempotencyMessages.stillSaving)).toBeInTheDocument();
    await waitFor(() => expect(form.getByRole('button', { name: 'Upload' })).toBeEnabled());
    expect(form.queryByRole('img', { name: /Upload/ })).toBeNull();
  });

  it("shows the spec's tick after its delay once the upload has emptied the form", async () => {
    const form = await upload(200, { status: true, message: 'Reel uploaded' });
    expect(await screen.findByText('Reel uploaded')).toBeInTheDocument();
    expect(form.getByLabelText('Reel video')).toHaveValue('');
    await new Promise((r) => setTimeout(r, UPLOAD_TICK_DELAY_MS + 100));
    expect(form.getByRole('img', { name: 'Upload complete' })).toBeInTheDocument();
  });
});
