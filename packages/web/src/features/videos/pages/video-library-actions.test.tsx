import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { trashMessages } from '@streamdesk/contract/trash';
import { videoMessages } from '@streamdesk/contract/videos';
import { answerMath } from '@/test/answer-math';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { findToast } from '@/test/toasts';
import { categories, onePage, video } from './library-test-data';

// What the library says after its actions and failed loads (doc 2 section 8). A call left out of the
// mocked API fails as a lost connection does (no reply).

signedInScreenTests({ authStatus: 'signed-in' });

const threeVideos = onePage([video(1, false), video(2, false), video(3, false)]);
const library = { ...shell, 'GET /api/App/video/category': categories };

async function openLibrary(api: Record<string, unknown>) {
  mockApi({ ...library, 'GET /api/App/video/category/admin/all': threeVideos, ...api });
  const user = userEvent.setup();
  renderApp('/show/video');
  await screen.findByRole('checkbox', { name: 'Select Video 1' }, { timeout: 8000 });
  return user;
}

async function deleteSelected(user: ReturnType<typeof userEvent.setup>, names: string[]) {
  for (const name of names) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  await user.click(screen.getByRole('button', { name: `Delete Selected (${names.length})` }));
  await answerMath({ confirm: 'Delete', title: 'Delete videos' });
}

/** The message in the red banner and in an error toast. */
async function expectFailureSaid(message: string) {
  expect(await findToast(message)).toHaveAttribute('data-type', 'error');
  expect(screen.getByRole('alert')).toHaveTextContent(message);
}

describe('Video Library action replies', { timeout: 15_000 }, () => {
  it("links each row to its video's entries in the activity log", async () => {
    await openLibrary({});
    expect(screen.getByRole('link', { name: 'History of Video 1' })).toHaveAttribute(
      'href',
      `/activity?feature=videos&item=${video(1, false)._id}`,
    );
  });

  it.each([
    [['Video 1', 'Video 2', 'Video 3'], 2, 'Successfully deleted 2 videos'],
    [['Video 1', 'Video 2'], 1, 'Video deleted successfully'],
  ])('a delete of %j that the server says deleted %i says "%s"', async (names, deleted, said) => {
    const user = await openLibrary({
      'DELETE /api/App/video/': { status: true, message: 'deleted', deleted },
    });
    await deleteSelected(user, names);
    expect(await findToast(said)).toHaveAttribute('data-type', 'success');
    expect(screen.queryByText(videoMessages.deletedMany(names.length))).not.toBeInTheDocument();
  });

  it('offers Undo in the delete toast, which restores exactly the deleted videos', async () => {
    const restored: unknown[] = [];
    const user = await openLibrary({
      'DELETE /api/App/video/': { status: true, message: 'deleted', deleted: 2 },
      'POST /api/admin/trash/restore': (_url: string, init: RequestInit) => {
        restored.push(JSON.parse(String(init.body)));
        return jsonResponse({ status: true, message: trashMessages.restored(2), count: 2 });
      },
    });
    await deleteSelected(user, ['Video 1', 'Video 3']);
    const toast = await findToast('Successfully deleted 2 videos');
    // A click without the pointer events: sonner's swipe handling captures the pointer, which jsdom lacks.
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(restored).toEqual([{ id: [video(1, false)._id, video(3, false)._id] }]));
    expect(await findToast(trashMessages.restored(2))).toHaveAttribute('data-type', 'success');
  });

  it('counts and deletes the ticked rows of the page: a ticked video that left it on a reload is not sent', async () => {
    // Video 2 is deleted by another admin meanwhile; the retry of Video 3 reloads the list without it.
    let rows = [video(1, false), video(2, false), { ...video(3, false), state: 'failed' as const }];
    const sent: unknown[] = [];
    const user = await openLibrary({
      'GET /api/App/video/category/admin/all': () => jsonResponse(onePage(rows)),
      'POST /api/App/video/retry': () => {
        rows = [video(1, false), { ...video(3, false), state: 'ready' as const }];
        return jsonResponse({ status: true, message: 'ok', retried: 1 });
      },
      'DELETE /api/App/video/': (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse({ status: true, message: 'deleted', deleted: 1 });
      },
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select Video 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Video 2' }));
    await user.click(screen.getByRole('button', { name: 'Retry Video 3' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Video 3' })).not.toBeInTheDocument());
    // The page's rows are now Video 1 (ticked) and Video 2 (the former third, not ticked).
    expect(screen.getByRole('checkbox', { name: 'Select Video 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Video 2' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Delete Selected (1)' }));
    await answerMath({ confirm: 'Delete', title: 'Delete videos' });
    await waitFor(() => expect(sent).toEqual([{ id: [video(1, false)._id] }]));
  });

  it("says 'Failed to delete video(s)' when the server refuses the delete", async () => {
    const user = await openLibrary({
      'DELETE /api/App/video/': () => jsonResponse({ status: false, message: videoMessages.noneFound }, 404),
    });
    await deleteSelected(user, ['Video 1']);
    await expectFailureSaid(videoMessages.deleteFailed);
  });

  it("says 'Error deleting video(s) - Please try again' when the delete gets no reply", async () => {
    const user = await openLibrary({});
    await deleteSelected(user, ['Video 1']);
    await expectFailureSaid(videoMessages.deleteError);
  });

  it("says 'Error updating web status - Please try again' when the web change gets no reply", async () => {
    const user = await openLibrary({});
    await user.click(screen.getByRole('button', { name: 'Enable web for Video 1' }));
    await answerMath({ title: 'Change status' });
    await expectFailureSaid(videoMessages.webStatusError);
  });

  it("says 'Connection error - Please try again later' when the list gets no reply", async () => {
    mockApi(library);
    renderApp('/show/video');
    expect(await findToast(videoMessages.connectionError, 8000)).toHaveAttribute('data-type', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent(videoMessages.connectionError);
  });

  it("says 'Error loading categories' beside the filters and in a toast when they fail to load", async () => {
    mockApi({
      ...shell,
      'GET /api/App/video/category': () => jsonResponse({ status: false, message: 'x' }, 500),
      'GET /api/App/video/category/admin/all': threeVideos,
    });
    renderApp('/show/video');
    expect(await findToast(videoMessages.categoriesError, 8000)).toHaveAttribute('data-type', 'error');
    expect(screen.getAllByText(videoMessages.categoriesError)).toHaveLength(2);
    // The videos still show: only the category filter lacks its list.
    expect(screen.getByRole('checkbox', { name: 'Select Video 1' })).toBeInTheDocument();
  });
});
