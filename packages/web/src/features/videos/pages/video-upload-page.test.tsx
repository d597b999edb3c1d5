import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { videoMessages } from '@streamdesk/contract/videos';
import { FakeXhr, stubXhr } from '@/test/fake-xhr';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { findToast } from '@/test/toasts';

const MP4_HEAD = [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32];
const mp4 = (name: string) =>
  new File([new Uint8Array([...MP4_HEAD, ...new Array<number>(100).fill(0)])], name, {
    type: 'video/mp4',
    lastModified: 1_700_000_000_000,
  });
const category = (id: string, name: string) => ({
  _id: id,
  name,
  main_image: `/media/video-categories/${id}.png`,
  status: true,
  total_products: 0,
  createdAt: '2026-11-21T06:00:00.000Z',
});

signedInScreenTests({ authStatus: 'signed-in' });
beforeEach(() => stubXhr());

/** The upload page with `Sports` and `Music`; `gone` makes the next category load leave out Sports. */
async function openPage() {
  const state = { sportsGone: false };
  const fetchMock = mockApi({
    ...shell,
    'GET /api/App/video/category': () =>
      Response.json({
        status: true,
        message: 'ok',
        data: [...(state.sportsGone ? [] : [category('c1', 'Sports')]), category('c2', 'Music')],
      }),
  });
  const user = userEvent.setup();
  renderApp('/add/video');
  const form = await screen.findByRole('form', { name: 'Upload videos' });
  const select = within(form).getByLabelText(/Category/);
  await within(form).findByRole('option', { name: 'Sports' });
  const picker = within(form).getByLabelText('Videos (MP4)');
  const selected = () =>
    within(form)
      .queryAllByRole('listitem')
      .map((li) => li.querySelector('span')?.textContent);
  return { state, fetchMock, user, form, select, picker, selected };
}

/** Picks `files`, chooses Sports and presses Upload Videos: the batch is then on its way (FakeXhr.last). */
async function startUpload(
  { user, form, select, picker }: Awaited<ReturnType<typeof openPage>>,
  files: File[],
) {
  await user.upload(picker, files);
  await user.selectOptions(select, 'c1');
  await user.click(within(form).getByRole('button', { name: 'Upload Videos' }));
  await waitFor(() => expect(FakeXhr.made).toHaveLength(1));
}

describe('Video upload page', { timeout: 15_000 }, () => {
  it('lists a file chosen twice once, says so, and uploads it once', async () => {
    const { user, form, select, picker, selected } = await openPage();
    await user.upload(picker, [mp4('a.mp4'), mp4('audioonly.mp4')]);
    await waitFor(() => expect(selected()).toEqual(['a.mp4', 'audioonly.mp4']));
    await user.upload(picker, [mp4('a.mp4')]);
    expect(await screen.findByText('a.mp4 is already selected.')).toBeInTheDocument();
    expect(selected()).toEqual(['a.mp4', 'audioonly.mp4']);

    await user.selectOptions(select, 'c1');
    await user.click(within(form).getByRole('button', { name: 'Upload Videos' }));
    await waitFor(() => expect(FakeXhr.made).toHaveLength(1));
    const sent = FakeXhr.last.sent as FormData;
    expect(sent.getAll('video').map((f) => (f as File).name)).toEqual(['a.mp4', 'audioonly.mp4']);
  });

  it('asks before the page is left while an upload is on its way, and no longer once it is done', async () => {
    const { user, form, select, picker } = await openPage();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await user.upload(picker, [mp4('a.mp4')]);
    await user.selectOptions(select, 'c1');
    expect(leave()).toBe(false);
    await user.click(within(form).getByRole('button', { name: 'Upload Videos' }));
    await waitFor(() => expect(FakeXhr.made).toHaveLength(1));
    expect(leave()).toBe(true);
    FakeXhr.last.respond(
      200,
      JSON.stringify({ status: true, message: 'Videos uploaded successfully!', data: [], rejected: [] }),
    );
    expect(await screen.findByText('Videos uploaded successfully!')).toBeInTheDocument();
    expect(leave()).toBe(false);
  });

  it('drops a category deleted meanwhile from the select after its Category not found', async () => {
    const page = await openPage();
    await startUpload(page, [mp4('a.mp4')]);
    const { state, form, select } = page;
    state.sportsGone = true;
    FakeXhr.last.respond(404, JSON.stringify({ status: false, message: 'Category not found' }));
    expect(await screen.findByText('Category not found')).toBeInTheDocument();
    await waitFor(() => expect(within(form).queryByRole('option', { name: 'Sports' })).toBeNull());
    expect(select).toHaveValue('');
    expect(within(form).getByRole('option', { name: 'Music' })).toBeInTheDocument();
  });

  it("shows the bar's percentage and 'Processing uploads...' while the batch is sent", async () => {
    const page = await openPage();
    await startUpload(page, [mp4('a.mp4')]);
    const { form } = page;
    act(() => FakeXhr.last.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    const bar = within(form).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(form).getByText('40%')).toBeInTheDocument();
    expect(within(form).getByText(videoMessages.processing)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Uploading...' })).toBeDisabled();

    // Answered (which also ends the upload, so the next test's identical batch is sent afresh).
    FakeXhr.last.respond(200, JSON.stringify({ status: true, message: 'ok', data: [], rejected: [] }));
    expect(await within(form).findByText('Upload complete')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
  });

  it("says 'Failed to upload videos.' when the server answers with neither success nor a reason", async () => {
    const page = await openPage();
    await startUpload(page, [mp4('a.mp4')]);
    const { form, selected } = page;
    FakeXhr.last.respond(200, JSON.stringify({ status: false, message: '' }));
    expect(await findToast(videoMessages.uploadFailed)).toHaveAttribute('data-type', 'error');
    // The selection stays for another try; the bar goes.
    expect(selected()).toEqual(['a.mp4']);
    expect(within(form).queryByRole('progressbar')).toBeNull();
  });
});

describe('Upload Videos, once stored', () => {
  it('says the videos are not on the web feed yet and links to the library', async () => {
    const page = await openPage();
    await startUpload(page, [mp4('a.mp4'), mp4('b.mp4')]);
    const stored = (n: number) => ({
      _id: `v${n}`,
      video: `/media/videos/v${n}.mp4`,
      thumbnail: `/media/videos/v${n}.jpg`,
      createdAt: '2026-11-21T06:00:00.000Z',
      web: false,
      category: 'c1',
      view: 0,
    });
    FakeXhr.last.respond(
      200,
      JSON.stringify({ status: true, message: 'ok', data: [stored(1), stored(2)], rejected: [] }),
    );
    expect(await screen.findByText(/2 videos are in the library, not yet on the web feed/)).toHaveTextContent(
      'The web feed shows only web-enabled videos.',
    );
    await page.user.click(screen.getByRole('link', { name: 'Enable them in the Video Library' }));
    expect(await screen.findByRole('heading', { name: 'Video Library' })).toBeInTheDocument();
  });
});

describe('Upload Videos with no categories yet', () => {
  it('says to add a category first and links to the categories screen', async () => {
    mockApi({ ...shell, 'GET /api/App/video/category': { status: true, message: 'ok', data: [] } });
    const user = userEvent.setup();
    const { router } = renderApp('/add/video');
    const link = await screen.findByRole('link', { name: 'Add a category first' }, { timeout: 8000 });
    expect(screen.getByText(/No categories yet/)).toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/add/video/category'));
  });
});
