import { mediaMessages } from '@streamdesk/contract/media';
import { brokenImageMessage } from '@streamdesk/contract/media-sniff';
import { STORY_MAX_LIMIT, STORY_TEXT_MAX, storyMessages, type Story } from '@streamdesk/contract/stories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '@/test/render-app';
import { SELECT_ALL_LABEL } from '@/ui/list-table';
import { jsonResponse, pendingResponse } from '@/test/runtime';
import { answerMath } from '@/test/answer-math';
import { GIF, JPEG, PNG } from '@/test/images';
import { signedInScreenTests, signedInApi as base } from '@/test/signed-in-screen';
import { storyListReply, storyRow } from '../test-stories';

const story = (n: number, over: Partial<Story> = {}) =>
  storyRow(n, { status: n % 2 === 1, view: 1500, clickBtnCount: 7, ...over });

/** The Story Video screen with an empty list, its add form found; `post` answers the add. */
async function openAddForm() {
  const post = vi.fn(() => jsonResponse({ status: true, message: 'Story added successfully' }));
  mockApi({
    ...base,
    'GET /api/App/all/only/story/video': storyListReply([]),
    'POST /api/App/Add/Story/Video': post,
  });
  const user = userEvent.setup();
  renderApp('/add/story/video');
  const form = await screen.findByRole('form', { name: 'Add Story' }, { timeout: 5000 });
  return { post, user, form };
}

signedInScreenTests();

describe('Story Video screen', () => {
  it('marks an active story whose limit is reached, which the app no longer shows', async () => {
    mockApi({
      ...base,
      'GET /api/App/all/only/story/video': storyListReply([
        story(1, { maxviewStatus: true, maxviewLimit: 1500 }),
        story(3, { maxclickStatus: true, maxclickLimit: 8 }),
        story(2, { maxviewStatus: true, maxviewLimit: 10 }),
      ]),
    });
    renderApp('/add/story/video');
    const table = await screen.findByRole('table', { name: 'Story Video List' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4), { timeout: 5000 });
    const [, reached, under, inactive] = within(table).getAllByRole('row');
    expect(within(reached!).getByText('Limit reached')).toBeInTheDocument();
    // 7 clicks of 8: not yet; a De Active story is not in the app anyway.
    expect(within(under!).queryByText('Limit reached')).not.toBeInTheDocument();
    expect(within(inactive!).queryByText('Limit reached')).not.toBeInTheDocument();
  });

  it("shows a story video's processing under its thumbnail while it is not ready", async () => {
    const video = { video: '/media/stories/v.mp4' };
    mockApi({
      ...base,
      'GET /api/App/all/only/story/video': storyListReply([
        story(1, { ...video, state: 'queued', progress: 0 }),
        story(2, { ...video, state: 'processing', progress: 40 }),
        story(3, { ...video, state: 'failed', progress: 0 }),
        story(4, video),
      ]),
    });
    renderApp('/add/story/video');
    const table = await screen.findByRole('table', { name: 'Story Video List' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5), { timeout: 5000 });
    const [, queued, processing, failed, ready] = within(table).getAllByRole('row');
    expect(within(queued!).getByText('Queued')).toBeInTheDocument();
    expect(within(processing!).getByText('Processing 40%')).toBeInTheDocument();
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    for (const text of ['Queued', /Processing/, 'Failed'])
      expect(within(ready!).queryByText(text)).not.toBeInTheDocument();
  });

  it('lists stories with status, counts and thumbnails; select-all shows the bulk delete count', async () => {
    mockApi({ ...base, 'GET /api/App/all/only/story/video': storyListReply([story(1), story(2)]) });
    renderApp('/add/story/video');
    const table = await screen.findByRole('table', { name: 'Story Video List' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3), { timeout: 5000 });
    expect(within(table).getByText('Active')).toBeInTheDocument();
    expect(within(table).getByText('De Active')).toBeInTheDocument();
    expect(within(table).getAllByText('1.5k')).toHaveLength(2);
    expect(within(table).getByRole('img', { name: 'Thumbnail of story 1' })).toHaveAttribute(
      'src',
      '/media/stories/1.png',
    );
    expect(within(table).queryByText('Limit reached')).not.toBeInTheDocument();
    // The row's actions are buttons in its Actions column, as on every list (issue 36): no menu.
    for (const name of ['Play story 1', 'Edit story 1', 'Delete story 1'])
      expect(within(table).getByRole('button', { name })).toBeInTheDocument();
    expect(within(table).getByRole('switch', { name: 'Status of story 1' })).toBeChecked();
    expect(table.querySelector('[aria-haspopup]')).toBeNull();
    await userEvent.click(within(table).getByRole('checkbox', { name: SELECT_ALL_LABEL }));
    expect(screen.getByRole('button', { name: 'Delete selected (2)' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select story 2' }));
    expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeInTheDocument();
  });

  it('confirms a status change with a plain button and a delete with a red one', async () => {
    mockApi({ ...base, 'GET /api/App/all/only/story/video': storyListReply([story(1)]) });
    const user = userEvent.setup();
    renderApp('/add/story/video');
    const table = await screen.findByRole('table', { name: 'Story Video List' }, { timeout: 5000 });
    const open = async (role: 'switch' | 'button', name: string) => {
      await user.click(await within(table).findByRole(role, { name }));
      return screen.findByRole('dialog');
    };
    const status = await open('switch', 'Status of story 1');
    expect(within(status).getByRole('button', { name: 'Confirm' })).toHaveClass('bg-brand-600');
    await user.keyboard('{Escape}');
    const remove = await open('button', 'Delete story 1');
    expect(within(remove).getByRole('button', { name: 'Delete' })).toHaveClass('bg-red-600');
  });

  it("asks before a story's status changes: Cancel and a wrong answer send nothing, the right one sends it", async () => {
    const put = vi.fn(() => jsonResponse({ status: true, message: storyMessages.statusUpdated }));
    mockApi({
      ...base,
      'GET /api/App/all/only/story/video': storyListReply([story(1)]),
      'PUT /api/App/story/video/status': put,
    });
    const user = userEvent.setup();
    renderApp('/add/story/video');
    const table = await screen.findByRole('table', { name: 'Story Video List' }, { timeout: 5000 });
    const status = await within(table).findByRole('switch', { name: 'Status of story 1' });
    const switchOff = async () => {
      await user.click(status);
      return screen.findByRole('dialog', { name: 'Change status' });
    };

    const dialog = await switchOff();
    expect(dialog).toHaveTextContent(
      'You are about to change the status of story 1. To confirm, please solve this math problem',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(put).not.toHaveBeenCalled();

    await switchOff();
    await answerMath({ wrong: true, title: 'Change status' });
    expect(await screen.findByText('Captcha answer is not correct')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change status' })).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await answerMath({ title: 'Change status' });
    await waitFor(() => expect(put).toHaveBeenCalledOnce());
    const [, init] = put.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ _id: story(1)._id, status: false });
    expect(await screen.findByText(storyMessages.statusUpdated)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("holds a story's Delete while its delete is in flight", async () => {
    const remove = pendingResponse();
    mockApi({
      ...base,
      'GET /api/App/all/only/story/video': storyListReply([story(1), story(2)]),
      'DELETE /api/App/delete/story/video': remove.handler,
    });
    const user = userEvent.setup();
    renderApp('/add/story/video');
    const table = await screen.findByRole('table', { name: 'Story Video List' }, { timeout: 5000 });
    const deleteOf = () => within(table).findByRole('button', { name: 'Delete story 1' });
    await user.click(await deleteOf());
    await answerMath({ confirm: 'Delete', title: 'Delete story' });
    // The delete is sealed (and keyed) before it goes out: wait for it rather than race those steps.
    await waitFor(() => expect(remove.handler).toHaveBeenCalledOnce());
    expect(await deleteOf()).toBeDisabled();
    remove.answer({ status: true, message: 'Story deleted successfully' });
    expect(await screen.findByText('Story deleted successfully')).toBeInTheDocument();
    await waitFor(async () => expect(await deleteOf()).toBeEnabled());
  });

  it('disables Timing for videos and shows the empty state', async () => {
    mockApi({ ...base, 'GET /api/App/all/only/story/video': storyListReply([]) });
    renderApp('/add/story/video');
    expect(await screen.findByText('No stories found', undefined, { timeout: 5000 })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add Story' });
    expect(within(form).getByLabelText('Timing')).toBeDisabled();
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'Image');
    expect(within(form).getByLabelText('Timing')).toBeEnabled();
    expect(within(form).getByLabelText('Button URL')).toHaveAttribute('type', 'url');
    expect(within(form).queryByRole('option', { name: 'NTV (Native Ads)' })).toBeNull();
  });

  it('says under the picker why a file was refused, until a valid one is chosen', async () => {
    mockApi({ ...base, 'GET /api/App/all/only/story/video': storyListReply([]) });
    renderApp('/add/story/video');
    const form = await screen.findByRole('form', { name: 'Add Story' }, { timeout: 5000 });
    const picker = within(form).getByLabelText('Video file (MP4)');
    expect(picker).toHaveAccessibleDescription('MP4, at most 30 MB.');

    // Submitting without a file names what is missing.
    await userEvent.type(within(form).getByLabelText('Button Name'), 'Go');
    await userEvent.type(within(form).getByLabelText('Button URL'), 'https://e.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(picker).toHaveAccessibleDescription('MP4, at most 30 MB. Please select a valid image to upload.');

    // A wrong file is cleared and its problem takes the message's place.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(picker, new File(['x'], 'clip.mov', { type: 'video/quicktime' }));
    expect(picker).toHaveAccessibleDescription(
      'MP4, at most 30 MB. Please select a valid video file. Allowed types: mp4',
    );
    expect((picker as HTMLInputElement).files).toHaveLength(0);
    // Its cross says the file was refused, as the other pickers' do; nothing was sent.
    expect(within(form).getByRole('img', { name: 'File refused' })).toBeInTheDocument();

    await user.upload(picker, new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    expect(picker).not.toHaveAttribute('aria-invalid');
    expect(picker).toHaveAccessibleDescription('MP4, at most 30 MB.');
    expect(within(form).queryByRole('img', { name: 'File refused' })).toBeNull();
  });

  it('refuses, once read, an image the server would not take: cut off, or a GIF named .png', async () => {
    mockApi({ ...base, 'GET /api/App/all/only/story/ads': storyListReply([]) });
    renderApp('/add/story/Ad');
    const form = await screen.findByRole('form', { name: 'Add Story Ad' }, { timeout: 5000 });
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'Image');
    const picker = within(form).getByLabelText<HTMLInputElement>('Image file (PNG, JPG, JPEG)');
    const hint = 'PNG, JPG or JPEG, at most 1 MB.';
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(picker, new File([PNG.slice(0, 40)], 'cut.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription(
        `${hint} ${brokenImageMessage('truncated', mediaMessages.image)}`,
      ),
    );
    expect(picker.files).toHaveLength(0);
    expect(picker).toHaveAttribute('aria-invalid', 'true');

    // Story images are PNG or JPEG by content: the server refuses a GIF whatever its name.
    await user.upload(picker, new File([GIF], 'moving.png', { type: 'image/png' }));
    await waitFor(() => expect(picker).toHaveAccessibleDescription(`${hint} ${mediaMessages.image}`));
    expect(picker.files).toHaveLength(0);

    await user.upload(picker, new File([JPEG], 'photo.jpg', { type: 'image/jpeg' }));
    expect(picker).not.toHaveAttribute('aria-invalid');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(picker).toHaveAccessibleDescription(hint);
    expect(picker.files).toHaveLength(1);
  });

  it('shows every problem at once under its field, focuses the first, and sends nothing', async () => {
    const { post, user, form } = await openAddForm();
    await user.selectOptions(within(form).getByLabelText('Type'), 'Image');
    await user.clear(within(form).getByLabelText('Timing'));
    await user.type(within(form).getByLabelText('Button URL'), 'example.com');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));

    const timing = within(form).getByLabelText('Timing');
    const name = within(form).getByLabelText('Button Name');
    const url = within(form).getByLabelText('Button URL');
    const picker = within(form).getByLabelText('Image file (PNG, JPG, JPEG)');
    for (const field of [timing, name, url, picker]) expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(timing).toHaveAccessibleDescription(
      `Seconds the story shows, at most 3600. ${storyMessages.timingRequired}`,
    );
    expect(name).toHaveAccessibleDescription(storyMessages.btnNameRequired);
    expect(url).toHaveAccessibleDescription(storyMessages.btnUrlInvalid);
    expect(picker).toHaveAccessibleDescription(`PNG, JPG or JPEG, at most 1 MB. ${storyMessages.selectFile}`);
    await waitFor(() => expect(timing).toHaveFocus());
    expect(within(form).getByRole('img', { name: 'Upload failed' })).toBeInTheDocument();
    // The missing file keeps the spec's toast; the other problems are said under their fields only.
    const said = await screen.findAllByText(storyMessages.selectFile);
    expect(said.some((el) => el.closest('[data-sonner-toast]'))).toBe(true);
    expect(screen.getAllByText(storyMessages.btnNameRequired)).toHaveLength(1);
    expect(post).not.toHaveBeenCalled();

    // Fixing a field takes its problem away; the others stay until the next Upload.
    await user.type(name, 'Go');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).not.toHaveAccessibleDescription();
    expect(url).toHaveAttribute('aria-invalid', 'true');
  });

  it('warns of a limit of 0, refuses a negative or too large limit under the field, and caps the texts', async () => {
    const { post, user, form } = await openAddForm();
    // The texts are held to the contract's own maxima as they are typed.
    expect(within(form).getByLabelText('Button Name')).toHaveAttribute(
      'maxlength',
      String(STORY_TEXT_MAX.btnName),
    );
    expect(within(form).getByLabelText('Button URL')).toHaveAttribute(
      'maxlength',
      String(STORY_TEXT_MAX.btnUrl),
    );
    await user.type(within(form).getByLabelText('Button Name'), 'Go');
    await user.type(within(form).getByLabelText('Button URL'), 'https://e.com');

    // View with the prefilled 0: taken, but the app would not show the story, and the field says so.
    await user.click(within(form).getByRole('radio', { name: 'View' }));
    const limit = within(form).getByLabelText('View Limit');
    expect(limit).toHaveAttribute('max', String(STORY_MAX_LIMIT));
    expect(limit).toHaveAccessibleDescription(
      'With a View Limit of 0 the app will not show this story: raise the limit for it to be seen.',
    );
    await user.clear(limit);
    await user.type(limit, '-5');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(limit).toHaveAttribute('aria-invalid', 'true');
    expect(limit).toHaveAccessibleDescription('View Limit must be 0 or more');

    await user.clear(limit);
    await user.type(limit, '99999999999');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(limit).toHaveAccessibleDescription('View Limit must be at most 1,000,000,000');
    expect(post).not.toHaveBeenCalled();

    await user.clear(limit);
    await user.type(limit, '50');
    expect(limit).not.toHaveAttribute('aria-invalid');
    expect(limit).not.toHaveAccessibleDescription();
  });

  it('stays when the list cannot load, says so with a Retry, and loads the list on Retry', async () => {
    let up = false;
    mockApi({
      ...base,
      'GET /api/App/all/only/story/video': () =>
        up ? jsonResponse(storyListReply([story(1)])) : jsonResponse({ status: false, message: 'x' }, 502),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/add/story/video');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Internet Server Error');
    expect(router.state.location.pathname).toBe('/add/story/video');
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const table = await screen.findByRole('table', { name: 'Story Video List' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2), { timeout: 5000 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Story Ads screen', () => {
  it('after an add: the toast, then 1 s later the same page afresh (form reset, list reloaded, at the top)', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    let stored: Story[] = [];
    const post = vi.fn(() => {
      stored = [story(1, { adsStory: true, NTV: true, NTV_ID: 'ca-app-pub-1/2', image: '', thembnal: '' })];
      return jsonResponse({ status: true, message: 'Story added successfully', data: stored[0] });
    });
    mockApi({
      ...base,
      'GET /api/App/all/only/story/ads': () => jsonResponse(storyListReply(stored)),
      'POST /api/App/Add/Story/Video': post,
    });
    const { router } = renderApp('/add/story/Ad');
    expect(await screen.findByText('No stories found', undefined, { timeout: 5000 })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add Story Ad' });
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'NTV');
    await userEvent.type(within(form).getByLabelText('Native Ad ID'), 'ca-app-pub-1/2');
    const before = router.state.location.key;
    await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Story added successfully')).toBeInTheDocument();
    expect(post).toHaveBeenCalledOnce();
    // Within the second the form keeps what was sent and cannot send it again.
    expect(within(form).getByLabelText('Native Ad ID')).toHaveValue('ca-app-pub-1/2');
    expect(within(form).getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(router.state.location.key).toBe(before);

    await waitFor(() => expect(router.state.location.key).not.toBe(before), { timeout: 3000 });
    expect(router.state.location.pathname).toBe('/add/story/Ad');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    // The router's location changes before React has rendered the page afresh.
    await waitFor(() => {
      const fresh = screen.getByRole('form', { name: 'Add Story Ad' });
      expect(within(fresh).getByLabelText('Type')).toHaveValue('Video');
      expect(within(fresh).getByRole('button', { name: 'Upload' })).toBeEnabled();
    });
    // The list reloads after the navigation: wait for the new story rather than race the fetch.
    const table = await screen.findByRole('table', { name: 'Story Ads List' });
    expect(await within(table).findByText('Native')).toBeInTheDocument();
  });
});
