import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { videoUploadMessages } from '@streamdesk/contract/video-uploads';
import { videoMessages } from '@streamdesk/contract/videos';
import { FakeXhr, made, nth, stubXhr } from '@/test/fake-xhr';
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

const uploadUrl = (id: string) => `http://localhost:3000/api/App/video/uploads/${id}`;
/** The server made the upload: its URL comes back in Location. */
const created = (xhr: FakeXhr, id: string) =>
  act(() => xhr.respond(201, '', { location: `/api/App/video/uploads/${id}`, 'tus-resumable': '1.0.0' }));
const stored = (n: number) => ({
  _id: `v${n}`,
  video: `/media/videos/v${n}.mp4`,
  thumbnail: `/media/videos/v${n}.jpg`,
  createdAt: '2026-11-21T06:00:00.000Z',
  web: false,
  category: 'c1',
  view: 0,
});
/** The last bytes arrived: the server answers as the form upload does, with the new video. */
const finished = (xhr: FakeXhr, size: number, n = 1) =>
  act(() =>
    xhr.respond(
      200,
      JSON.stringify({ status: true, message: videoMessages.uploaded, data: [stored(n)], rejected: [] }),
      { 'upload-offset': String(size) },
    ),
  );
const metadataOf = (xhr: FakeXhr) =>
  Object.fromEntries(
    xhr.headers['Upload-Metadata']!.split(',').map((pair) => {
      const [key, value] = pair.split(' ');
      return [key, atob(value!)];
    }),
  );
const SIZE = mp4('x').size;

/** Picks `files`, chooses Sports and presses Upload Videos: the first file's creation is then on its way. */
async function startUpload(
  { user, form, select, picker }: Awaited<ReturnType<typeof openPage>>,
  files: File[],
) {
  await user.upload(picker, files);
  await user.selectOptions(select, 'c1');
  await user.click(within(form).getByRole('button', { name: 'Upload Videos' }));
  return nth('POST');
}

beforeEach(() => localStorage.clear());

describe('Video upload page', { timeout: 15_000 }, () => {
  it('lists a file chosen twice once, says so, and sends each file once with its name and category', async () => {
    const { user, form, select, picker, selected } = await openPage();
    await user.upload(picker, [mp4('a.mp4'), mp4('audioonly.mp4')]);
    await waitFor(() => expect(selected()).toEqual(['a.mp4', 'audioonly.mp4']));
    await user.upload(picker, [mp4('a.mp4')]);
    expect(await screen.findByText('a.mp4 is already selected.')).toBeInTheDocument();
    expect(selected()).toEqual(['a.mp4', 'audioonly.mp4']);

    await user.selectOptions(select, 'c1');
    await user.click(within(form).getByRole('button', { name: 'Upload Videos' }));
    await nth('POST', 2);
    const posts = made('POST');
    expect(posts.map((x) => [x.url, x.headers['Upload-Length'], metadataOf(x)])).toEqual(
      ['a.mp4', 'audioonly.mp4'].map((name) => [
        'http://localhost:3000/api/App/video/uploads',
        String(SIZE),
        { filename: name, filetype: 'video/mp4', category: 'c1' },
      ]),
    );
    expect(posts[0]!.headers['api-key']).toBeTruthy();
  });

  it('asks before the page is left while an upload is on its way, and no longer once it is done', async () => {
    const page = await openPage();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    const post = await startUpload(page, [mp4('a.mp4')]);
    expect(leave()).toBe(true);
    await created(post, 'u1');
    await finished(await nth('PATCH'), SIZE);
    expect(await screen.findByText('Videos uploaded successfully!')).toBeInTheDocument();
    expect(leave()).toBe(false);
  });

  it('drops a category deleted meanwhile from the select after its Category not found', async () => {
    const page = await openPage();
    const post = await startUpload(page, [mp4('a.mp4')]);
    const { state, form, select } = page;
    state.sportsGone = true;
    act(() => post.respond(404, JSON.stringify({ status: false, message: 'Category not found' })));
    expect(await findToast('Category not found')).toHaveAttribute('data-type', 'error');
    await waitFor(() => expect(within(form).queryByRole('option', { name: 'Sports' })).toBeNull());
    expect(select).toHaveValue('');
    expect(within(form).getByRole('option', { name: 'Music' })).toBeInTheDocument();
  });

  it("shows each file's progress, the batch's and 'Processing uploads...', and pauses and resumes a file", async () => {
    const page = await openPage();
    const { form, user } = page;
    await created(await startUpload(page, [mp4('a.mp4')]), 'u1');
    const patch = await nth('PATCH');
    expect(patch.url).toBe(uploadUrl('u1'));
    act(() => patch.upload.onprogress?.({ lengthComputable: true, loaded: Math.floor(SIZE * 0.4) }));
    const fileBar = within(form).getByRole('progressbar', { name: 'a.mp4 progress' });
    expect(fileBar).toHaveAttribute('aria-valuenow', '39');
    const bar = within(form).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '39');
    expect(within(form).getByText(videoMessages.processing)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Uploading...' })).toBeDisabled();

    await user.click(within(form).getByRole('button', { name: 'Pause a.mp4' }));
    expect(patch.aborted).toBe(true);
    expect(within(form).getByText('Paused at 39%')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Resume a.mp4' }));
    // Resumed: the server is asked where it stopped, and the rest is sent from there.
    const head = await nth('HEAD');
    act(() => head.respond(200, '', { 'upload-offset': '40', 'upload-length': String(SIZE) }));
    const rest = await nth('PATCH', 2);
    expect(rest.headers['Upload-Offset']).toBe('40');
    await finished(rest, SIZE);
    expect(await within(form).findByText('Upload complete')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
  });

  it('goes on from the last byte the server has after the connection drops', async () => {
    const page = await openPage();
    await created(await startUpload(page, [mp4('a.mp4')]), 'u1');
    act(() => FakeXhr.last.fail());
    const head = await nth('HEAD');
    expect(head.url).toBe(uploadUrl('u1'));
    act(() => head.respond(200, '', { 'upload-offset': '60', 'upload-length': String(SIZE) }));
    const rest = await nth('PATCH', 2);
    expect(rest.headers['Upload-Offset']).toBe('60');
    expect((rest.sent as Blob).size).toBe(SIZE - 60);
    await finished(rest, SIZE);
    expect(await findToast(videoMessages.uploaded)).toBeInTheDocument();
  });

  it("says a refused file's reason on its row, keeps the others, and sends it again on Retry", async () => {
    const page = await openPage();
    const { form, user } = page;
    await startUpload(page, [mp4('a.mp4'), mp4('b.mp4')]);
    const [postA, postB] = [await nth('POST', 1), await nth('POST', 2)];
    await created(postA!, 'ua');
    await created(postB!, 'ub');
    const patchA = made('PATCH').find((x) => x.url === uploadUrl('ua'))!;
    const patchB = await waitFor(() => made('PATCH').find((x) => x.url === uploadUrl('ub'))!);
    act(() => patchA.respond(400, JSON.stringify({ status: false, message: 'a.mp4 is not an MP4 file.' })));
    await finished(patchB, SIZE, 2);
    expect(
      await findToast(`${videoMessages.partlyUploaded(1, 2)} a.mp4 is not an MP4 file.`),
    ).toHaveAttribute('data-type', 'warning');
    expect(within(form).getByText('a.mp4 is not an MP4 file.')).toBeInTheDocument();
    // The stored one leaves the list; the refused one stays with Retry.
    expect(page.selected()).toEqual(['a.mp4']);
    await user.click(within(form).getByRole('button', { name: 'Retry a.mp4' }));
    await nth('HEAD');
  });

  it('cancels a file: the server is told to drop it and the row says so', async () => {
    const page = await openPage();
    const { form, user } = page;
    await created(await startUpload(page, [mp4('a.mp4')]), 'u1');
    await nth('PATCH');
    await user.click(within(form).getByRole('button', { name: 'Cancel a.mp4' }));
    const del = await nth('DELETE');
    expect(del.url).toBe(uploadUrl('u1'));
    act(() => del.respond(204, ''));
    expect(within(form).getByText('Cancelled')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Remove a.mp4' })).toBeInTheDocument();
  });

  it('offers to resume a file left unfinished before a reload when it is picked again', async () => {
    const first = await openPage();
    await created(await startUpload(first, [mp4('a.mp4')]), 'u1');
    await nth('PATCH');
    // The page is left mid-way; the next one finds the upload by the file's name, size and date.
    cleanup();
    stubXhr();
    const page = await openPage();
    await page.user.upload(page.picker, [mp4('a.mp4')]);
    expect(await within(page.form).findByText(videoUploadMessages.resumes)).toBeInTheDocument();
    await page.user.selectOptions(page.select, 'c1');
    await page.user.click(within(page.form).getByRole('button', { name: 'Upload Videos' }));
    const head = await nth('HEAD');
    expect(head.url).toBe(uploadUrl('u1'));
    expect(made('POST')).toHaveLength(0);
    act(() => head.respond(200, '', { 'upload-offset': '70', 'upload-length': String(SIZE) }));
    await finished(await nth('PATCH'), SIZE);
    expect(await findToast(videoMessages.uploaded)).toBeInTheDocument();
  });
});

describe('Upload Videos, once stored', () => {
  it('says the videos are not on the web feed yet and links to the library', async () => {
    const page = await openPage();
    await startUpload(page, [mp4('a.mp4'), mp4('b.mp4')]);
    await created(await nth('POST', 1), 'ua');
    await created(await nth('POST', 2), 'ub');
    await finished(await nth('PATCH', 1), SIZE, 1);
    await finished(await nth('PATCH', 2), SIZE, 2);
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
