import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { trashMessages } from '@streamdesk/contract/trash';
import { categoryMessages } from '@streamdesk/contract/video-categories';
import { answerMath, answerWrongThenRight } from '@/test/answer-math';
import { findToast } from '@/test/toasts';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse, pendingResponse } from '@/test/runtime';
import { signedInScreenTests, signedInApi as signedIn } from '@/test/signed-in-screen';
import { PNG } from '@/test/images';
import { cricket } from './category-test-data';

const category = cricket;

signedInScreenTests();

describe('video categories page', () => {
  it("links each row to its category's entries in the activity log", async () => {
    mockApi({
      ...signedIn,
      'GET /api/App/video/category': { status: true, message: 'ok', data: [category] },
    });
    renderApp('/add/video/category');
    expect(
      await screen.findByRole('link', { name: 'History of Cricket' }, { timeout: 15_000 }),
    ).toHaveAttribute('href', `/activity?feature=video-categories&item=${category._id}`);
  });

  it('says so when there are no categories yet', async () => {
    mockApi({ ...signedIn, 'GET /api/App/video/category': { status: true, message: 'ok', data: [] } });
    renderApp('/add/video/category');
    expect(await screen.findByText('No categories added yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Total:')).toHaveTextContent('Total: 0');
  });

  it('lists rows with their video count, and warns before an add without a name or image', async () => {
    mockApi({
      ...signedIn,
      'GET /api/App/video/category': { status: true, message: 'ok', data: [category] },
    });
    const user = userEvent.setup();
    renderApp('/add/video/category');
    const row = (await screen.findByText('Cricket', {}, { timeout: 5000 })).closest('tr')!;
    expect(row).toHaveTextContent('Cricket4');
    expect(screen.getByRole('switch', { name: 'Status of Cricket' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Enter category name')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Category name'), 'Football');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Please upload main image')).toBeInTheDocument();

    // The typed name would go: Edit asks first (0056).
    await user.click(screen.getByRole('button', { name: 'Edit Cricket' }));
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(ask).getByRole('button', { name: 'Leave without saving' }));
    expect(screen.getByRole('heading', { name: 'Edit Category' })).toBeInTheDocument();
    expect(screen.getByLabelText('Category name')).toHaveValue('Cricket');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Add Category' })).toBeInTheDocument();
  });

  it("'Remove image' in an edit takes back the picked image and shows the stored one again", async () => {
    mockApi({
      ...signedIn,
      'GET /api/App/video/category': { status: true, message: 'ok', data: [category] },
    });
    const user = userEvent.setup();
    renderApp('/add/video/category');
    await user.click(await screen.findByRole('button', { name: 'Edit Cricket' }, { timeout: 5000 }));
    const preview = () => screen.getByRole('img', { name: 'Main image preview' });
    expect(preview()).toHaveAttribute('src', category.main_image);
    await user.upload(screen.getByLabelText(/Main image/), new File([PNG], 'new.png', { type: 'image/png' }));
    await waitFor(() => expect(preview()).not.toHaveAttribute('src', category.main_image));
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    // The edit keeps the stored image unless another is picked: the preview says so.
    expect(preview()).toHaveAttribute('src', category.main_image);
    expect(screen.queryByRole('button', { name: 'Remove image' })).not.toBeInTheDocument();
  });

  it('holds the status switch until the flip is answered and the list reloaded, so a second click cannot undo it', async () => {
    let status = true;
    const put = pendingResponse();
    mockApi({
      ...signedIn,
      'GET /api/App/video/category': () =>
        jsonResponse({ status: true, message: 'ok', data: [{ ...category, status }] }),
      'PUT /api/App/video/category/status/c1': put.handler,
    });
    const user = userEvent.setup();
    renderApp('/add/video/category');
    const toggle = await screen.findByRole('switch', { name: 'Status of Cricket' }, { timeout: 5000 });
    await user.click(toggle);
    await answerMath({ title: 'Change status' });
    expect(toggle).toBeDisabled();
    await user.click(toggle);
    await waitFor(() => expect(put.handler).toHaveBeenCalledTimes(1));

    status = false;
    put.answer({ status: true, message: 'Category status updated' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
  });

  it("keeps one row's switch held while another row's flip comes and goes", async () => {
    const second = { ...category, _id: 'c2', name: 'Football' };
    const first = pendingResponse();
    mockApi({
      ...signedIn,
      'GET /api/App/video/category': { status: true, message: 'ok', data: [category, second] },
      'PUT /api/App/video/category/status/c1': first.handler,
      'PUT /api/App/video/category/status/c2': { status: true, message: 'Category status updated' },
    });
    const user = userEvent.setup();
    renderApp('/add/video/category');
    const cricket = await screen.findByRole('switch', { name: 'Status of Cricket' }, { timeout: 5000 });
    const football = screen.getByRole('switch', { name: 'Status of Football' });
    await user.click(cricket);
    await answerMath({ title: 'Change status' });
    await user.click(football);
    await answerMath({ title: 'Change status' });
    await waitFor(() => expect(football).toBeEnabled());
    expect(cricket).toBeDisabled();
    first.answer({ status: true, message: 'Category status updated' });
    await waitFor(() => expect(cricket).toBeEnabled());
    expect(first.handler).toHaveBeenCalledTimes(1);
  });

  it('sends an edit only after the right answer to the captcha', async () => {
    const put = vi.fn(() => jsonResponse({ status: true, message: 'Category updated', data: category }));
    mockApi({
      ...signedIn,
      'GET /api/App/video/category': { status: true, message: 'ok', data: [category] },
      'PUT /api/App/video/category': put,
    });
    const user = userEvent.setup();
    renderApp('/add/video/category');
    await user.click(await screen.findByRole('button', { name: 'Edit Cricket' }, { timeout: 5000 }));
    await user.clear(screen.getByLabelText('Category name'));
    await user.type(screen.getByLabelText('Category name'), 'Test Cricket');
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    expect(
      screen.getByText(
        'You are about to update the category "Cricket". To confirm, please solve this math problem',
      ),
    ).toBeInTheDocument();
    await answerWrongThenRight('Answer is not correct', put);
    const form = (put.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect(form.get('name')).toBe('Test Cricket');
    expect(await screen.findByRole('heading', { name: 'Add Category' })).toBeInTheDocument();
  });

  it('offers Undo in the delete toast, which restores the category (its videos come back with it)', async () => {
    const restore = vi.fn((_url: string, _init: RequestInit) =>
      jsonResponse({ status: true, message: trashMessages.restored(1), count: 1 }),
    );
    mockApi({
      ...signedIn,
      'GET /api/App/video/category': { status: true, message: 'ok', data: [category] },
      'DELETE /api/App/video/category/c1': { status: true, message: 'Category deleted', deletedVideos: 3 },
      'POST /api/admin/trash/restore': restore,
    });
    const user = userEvent.setup();
    renderApp('/add/video/category');
    await user.click(await screen.findByRole('button', { name: 'Delete Cricket' }, { timeout: 5000 }));
    await answerMath({ confirm: 'Delete', title: 'Delete category' });
    const toast = await findToast(categoryMessages.deleted);
    // A click without the pointer events: sonner's swipe handling captures the pointer, which jsdom lacks.
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(restore).toHaveBeenCalledOnce());
    expect(JSON.parse(String(restore.mock.calls[0]![1].body))).toEqual({ id: [category._id] });
    expect(await findToast(trashMessages.restored(1))).toHaveAttribute('data-type', 'success');
  });

  it("holds the row's Delete while its delete is in flight, so it cannot be sent twice", async () => {
    const del = pendingResponse();
    mockApi({
      ...signedIn,
      'GET /api/App/video/category': { status: true, message: 'ok', data: [category] },
      'DELETE /api/App/video/category/c1': del.handler,
    });
    const user = userEvent.setup();
    renderApp('/add/video/category');
    const remove = await screen.findByRole('button', { name: 'Delete Cricket' }, { timeout: 5000 });
    await user.click(remove);
    await answerMath({ confirm: 'Delete', title: 'Delete category' });
    await waitFor(() => expect(del.handler).toHaveBeenCalledOnce());
    expect(remove).toBeDisabled();

    del.answer({ status: false, message: 'Category not found' });
    await waitFor(() => expect(remove).toBeEnabled());
  });

  // Add used to warn 'Please upload main image' when pressed before the picked image was read (a large
  // image, a busy machine: the whole web suite on Node 24 met it in every run), and sent nothing.
  it('sends the image picked when Add is pressed while the image is still being read', async () => {
    const post = vi.fn((_url: string, _init: RequestInit) =>
      jsonResponse({ status: false, message: 'A category with this name already exists' }, 409),
    );
    mockApi({
      ...signedIn,
      'GET /api/App/video/category': { status: true, message: 'ok', data: [category] },
      'POST /api/App/video/category': post,
    });
    // The picked file's reads (its first bytes, then all of it) wait until let go.
    const held: (() => void)[] = [];
    const read = FileReader.prototype.readAsArrayBuffer;
    vi.spyOn(FileReader.prototype, 'readAsArrayBuffer').mockImplementation(function (
      this: FileReader,
      blob: Blob,
    ) {
      held.push(() => read.call(this, blob));
    });
    const user = userEvent.setup();
    renderApp('/add/video/category');
    await screen.findByText('Cricket', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('Category name'), 'Football');
    await user.upload(screen.getByLabelText(/Main image/), new File([PNG], 'f.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(post).not.toHaveBeenCalled();
    for (let i = 0; i < 2; i++) {
      await waitFor(() => expect(held).toHaveLength(1));
      held.pop()!();
    }

    await waitFor(() => expect(post).toHaveBeenCalledOnce());
    expect((post.mock.calls[0]![1].body as FormData).get('image')).toHaveProperty('name', 'f.png');
    expect(screen.queryByText('Please upload main image')).toBeNull();
  });

  it('shows a name another category has as an error toast, keeping the form filled in', async () => {
    const post = vi.fn(() =>
      jsonResponse({ status: false, message: 'A category with this name already exists' }, 409),
    );
    mockApi({
      ...signedIn,
      'GET /api/App/video/category': { status: true, message: 'ok', data: [category] },
      'POST /api/App/video/category': post,
    });
    const user = userEvent.setup();
    renderApp('/add/video/category');
    await screen.findByText('Cricket', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('Category name'), '  CRICKET ');
    await user.upload(screen.getByLabelText(/Main image/), new File([PNG], 'c.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    const toast = await screen.findByText('A category with this name already exists');
    expect(toast.closest('[data-type]')).toHaveAttribute('data-type', 'error');
    expect(post).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Category name')).toHaveValue('  CRICKET ');
  });
});
