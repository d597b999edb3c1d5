import { liveMatchMessages } from '@streamdesk/contract/live-matches';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests } from '@/test/signed-in-screen';
import { UPLOAD_TICK_DELAY_MS } from '@/ui/upload-indicator';
import { openScreen } from './signed-in-app';
import { fillAddForm, testMatch as match, testMatchList as list } from './test-live-matches';

signedInScreenTests();

/** Any mark of the add form's image picker: spinner, tick or cross. */
const anyMark = /Upload|File refused/;

/** The add form filled in with a future planned start, whose Add the server answers with `reply`. */
async function addAnswered(reply: () => Response) {
  openScreen('/add/liveMatch', {
    'GET /api/App/liveMatch/admin': list([], true),
    'POST /api/App/liveMatch/admin': reply,
    'GET /api/admin/system/liveViewers': { status: true, message: 'ok', data: [] },
  });
  const user = userEvent.setup();
  const form = await fillAddForm(user, 'Derby');
  await user.type(within(form).getByLabelText('Planned start (optional)'), '24/12/2099 19:30');
  await user.click(within(form).getByRole('button', { name: 'Add' }));
  return within(form);
}

// The picker's cross means the file failed (doc 1 section 4): it shows for a refusal of the image or an
// upload that got no reply, never for a refusal of another field.
describe('Live Match add form: the image mark', () => {
  it('stays as it was when the server refuses another field, and shows the cross when it refuses the image', async () => {
    let refusal = liveMatchMessages.plannedPast('plannedStart');
    const form = await addAnswered(() => jsonResponse({ status: false, message: refusal }, 400));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(form.getByRole('button', { name: 'Add' })).toBeEnabled());
    expect(form.queryByRole('img', { name: anyMark })).toBeNull();
    // Nothing was lost: Add again sends the same.
    expect(form.getByLabelText('Title')).toHaveValue('Derby');

    refusal = liveMatchMessages.imageSize;
    await userEvent.setup().click(form.getByRole('button', { name: 'Add' }));
    expect(await form.findByRole('img', { name: 'Upload failed' })).toBeInTheDocument();
  }, 20_000);

  it('stays as it was for an edit conflict (409)', async () => {
    const form = await addAnswered(() =>
      jsonResponse({ status: false, message: 'Someone else is adding this live match' }, 409),
    );
    expect(await screen.findByText('Someone else is adding this live match')).toBeInTheDocument();
    await waitFor(() => expect(form.getByRole('button', { name: 'Add' })).toBeEnabled());
    expect(form.queryByRole('img', { name: anyMark })).toBeNull();
  }, 20_000);

  it("shows the spec's tick for the upload after its delay once the add has emptied the form", async () => {
    const form = await addAnswered(() =>
      jsonResponse({ status: true, message: 'Live match added successfully', data: match }),
    );
    expect(await screen.findByText('Live match added successfully')).toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText('Title')).toHaveValue(''));
    await new Promise((r) => setTimeout(r, UPLOAD_TICK_DELAY_MS + 100));
    expect(form.getByRole('img', { name: 'Upload complete' })).toBeInTheDocument();
  }, 20_000);
});
