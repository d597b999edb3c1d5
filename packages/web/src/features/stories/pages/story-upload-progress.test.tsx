import { IDEMPOTENCY_KEY_PATTERN } from '@streamdesk/contract/idempotency';
import { mediaMessages } from '@streamdesk/contract/media';
import { storyMessages } from '@streamdesk/contract/stories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { FakeXhr, stubXhr } from '@/test/fake-xhr';
import { PNG } from '@/test/images';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInScreenTests, signedInApi as base } from '@/test/signed-in-screen';
import { storyListReply, storyRow } from '../test-stories';

const LIST = 'GET /api/App/all/only/story/video';
const emptyList = storyListReply([]);
const story = storyRow(1);
const id = story._id;

const clip = () => new File(['mp4 bytes'], 'clip.mp4', { type: 'video/mp4', lastModified: 7 });
const progress = (xhr: FakeXhr, loaded: number, total: number) =>
  xhr.upload.onprogress?.({ lengthComputable: true, loaded, total });
const respond = (xhr: FakeXhr, status: number, body: unknown) => xhr.respond(status, JSON.stringify(body));

/** The request the form has just sent (the nth since the test began, 1-based). */
async function sent(n: number) {
  await waitFor(() => expect(FakeXhr.made).toHaveLength(n));
  return FakeXhr.made[n - 1]!;
}

/** The Story screen's add form, filled in for a video story with `clip.mp4` chosen. */
async function fillAddForm() {
  const fetchMock = mockApi({ ...base, [LIST]: emptyList });
  const view = renderApp('/add/story/video');
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Add Story' });
  await user.type(within(form).getByLabelText('Button Name'), 'Watch');
  await user.type(within(form).getByLabelText('Button URL'), 'https://e.com/watch');
  await user.upload(within(form).getByLabelText('Video file (MP4)'), clip());
  const upload = within(form).getByRole('button', { name: 'Upload' });
  const listLoads = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).startsWith(LIST.slice(4))).length;
  return { ...view, user, form, upload, listLoads };
}

signedInScreenTests();
beforeEach(() => stubXhr());

describe('Story add with a file', () => {
  it('shows how much of the video has gone out, then the toast and the page afresh', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { user, form, upload, router } = await fillAddForm();
    await user.click(upload);
    const xhr = await sent(1);
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/App/Add/Story/Video']);
    expect(xhr.headers['idempotency-key']).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect((xhr.sent as FormData).get('video')).toMatchObject({ name: 'clip.mp4' });

    const bar = within(form).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    progress(xhr, 40, 100);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(within(form).getByText('Uploading…')).toBeInTheDocument();
    expect(within(form).getByText('40%')).toBeInTheDocument();
    expect(upload).toBeDisabled();
    // Every byte out: the server reads the video before it answers.
    progress(xhr, 100, 100);
    expect(await within(form).findByText('Saving…')).toBeInTheDocument();

    const before = router.state.location.key;
    respond(xhr, 200, { status: true, message: storyMessages.added });
    expect(await screen.findByText(storyMessages.added)).toBeInTheDocument();
    expect(within(form).getByText('Upload complete')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(upload).toBeDisabled();
    await waitFor(() => expect(router.state.location.key).not.toBe(before), { timeout: 3000 });
  });

  it("a refused file says the server's reason; a reply with no message says the spec's fallback", async () => {
    const { user, form, upload } = await fillAddForm();
    await user.click(upload);
    const reason = mediaMessages.unreadableVideo;
    respond(await sent(1), 400, { status: false, message: reason });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(within(form).getByRole('img', { name: 'Upload failed' })).toBeInTheDocument();
    expect(within(form).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(upload).toBeEnabled();

    // A refusal that names no file leaves the file unmarked: nothing says it failed.
    await user.click(upload);
    respond(await sent(2), 200, { status: false, message: '' });
    expect(await screen.findByText(storyMessages.submitFailed)).toBeInTheDocument();
    expect(within(form).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(form).queryByRole('img', { name: /Upload/ })).not.toBeInTheDocument();
  });

  it('a refusal of another field says why and leaves the file without the cross', async () => {
    const { user, form, upload } = await fillAddForm();
    await user.click(upload);
    respond(await sent(1), 400, { status: false, message: storyMessages.btnUrlInvalid });
    expect(await screen.findByText(storyMessages.btnUrlInvalid)).toBeInTheDocument();
    expect(upload).toBeEnabled();
    expect(within(form).queryByRole('img', { name: /Upload/ })).not.toBeInTheDocument();
  });

  it("no reply: 'Internet Server Error', the list reloads, and Upload again sends the same key", async () => {
    const { user, form, upload, listLoads } = await fillAddForm();
    await waitFor(() => expect(listLoads()).toBe(1));
    await user.click(upload);
    const first = await sent(1);
    progress(first, 10, 100);
    first.onerror?.();
    expect(await screen.findByText('Internet Server Error')).toBeInTheDocument();
    expect(within(form).getByRole('img', { name: 'Upload failed' })).toBeInTheDocument();
    // The story may have been stored: the list on screen is loaded again.
    await waitFor(() => expect(listLoads()).toBe(2));

    await user.click(upload);
    const again = await sent(2);
    expect(again.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect(within(form).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    // Answered, so no upload of this form is left in flight for the next test to join (sendOnce).
    respond(again, 200, { status: false, message: 'Stored once' });
    expect(await screen.findByText('Stored once')).toBeInTheDocument();
  });

  it('a 401 asks to sign in again over the form, then sends the same story, nothing retyped', async () => {
    const { user, form, upload, router } = await fillAddForm();
    await user.click(upload);
    const first = await sent(1);
    respond(first, 401, { status: false, message: 'Please sign in again' });
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(router.state.location.pathname).toBe('/add/story/video');
    mockApi({
      ...base,
      [LIST]: emptyList,
      'POST /api/admin/login': { status: true, message: 'Login successful', token: 'tok-2' },
    });
    await user.type(within(dialog).getByLabelText('Email'), 'admin@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in and continue' }));

    const again = await sent(2);
    expect(again.headers.authorization).toBe('Bearer tok-2');
    expect(again.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect(again.sent).toBe(first.sent);
    expect(within(form).getByLabelText('Button Name')).toHaveValue('Watch');
    respond(again, 200, { status: false, message: 'Stored once' });
    expect(await screen.findByText('Stored once')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/add/story/video');
  });
});

describe('Story edit with a new file', () => {
  it('shows the progress of the replacement image; a failure naming no file keeps the spec fallback', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/App/story/video/find': { status: true, message: 'ok', data: story },
      [LIST]: emptyList,
    });
    const user = userEvent.setup();
    renderApp(`/update/story/video/${id}`);
    const picker = await screen.findByLabelText('Replace image (PNG, JPG, JPEG)', undefined, {
      timeout: 8000,
    });
    await user.upload(picker, new File([PNG], 'new.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerMath();

    const xhr = await sent(1);
    expect([xhr.method, xhr.url]).toEqual(['PUT', '/api/App/Edit/story/video']);
    expect((xhr.sent as FormData).get('_id')).toBe(JSON.stringify(id));
    progress(xhr, 3, 4);
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '75'));
    expect(screen.getByText('75%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    respond(xhr, 200, { status: false, message: '' });
    expect(await screen.findByText(storyMessages.updateFailed)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Upload/ })).not.toBeInTheDocument();
    // Only the file went by XMLHttpRequest.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
