import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { categoryMessages } from '@streamdesk/contract/video-categories';
import { answerMath } from '@/test/answer-math';
import { PNG } from '@/test/images';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests, signedInApi as signedIn } from '@/test/signed-in-screen';
import { findToast } from '@/test/toasts';
import { cricket } from './category-test-data';

// What the categories screen says when a call fails (doc 2 section 8). A call left out of the mocked API
// fails as a lost connection does (no reply).

signedInScreenTests();

const listed = { 'GET /api/App/video/category': { status: true, message: 'ok', data: [cricket] } };

async function openWithCricket() {
  mockApi({ ...signedIn, ...listed });
  const user = userEvent.setup();
  renderApp('/add/video/category');
  await screen.findByRole('button', { name: 'Edit Cricket' }, { timeout: 5000 });
  return user;
}

const expectErrorToast = async (message: string) =>
  expect(await findToast(message)).toHaveAttribute('data-type', 'error');

describe('video categories page failures', () => {
  it("says 'Something went wrong!' in the table when the list fails to load", async () => {
    mockApi({
      ...signedIn,
      'GET /api/App/video/category': () => jsonResponse({ status: false, message: 'x' }, 500),
    });
    renderApp('/add/video/category');
    const table = await screen.findByRole('table', { name: 'Video categories' }, { timeout: 5000 });
    expect(await within(table).findByText(categoryMessages.somethingWrong)).toBeInTheDocument();
    expect(screen.queryByText(categoryMessages.noneYet)).not.toBeInTheDocument();
  });

  it("says 'Something went wrong!' when an add gets no reply", async () => {
    const user = await openWithCricket();
    await user.type(screen.getByLabelText('Category name'), 'Football');
    await user.upload(screen.getByLabelText(/Main image/), new File([PNG], 'f.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    await expectErrorToast(categoryMessages.somethingWrong);
    expect(screen.getByLabelText('Category name')).toHaveValue('Football');
  });

  it("says 'Failed to delete category' when a delete gets no reply", async () => {
    const user = await openWithCricket();
    await user.click(screen.getByRole('button', { name: 'Delete Cricket' }));
    await answerMath({ confirm: 'Delete', title: 'Delete category' });
    await expectErrorToast(categoryMessages.deleteFailed);
  });

  it("says 'Failed to update status.' when a status change gets no reply", async () => {
    const user = await openWithCricket();
    await user.click(screen.getByRole('switch', { name: 'Status of Cricket' }));
    await answerMath({ title: 'Change status' });
    await expectErrorToast(categoryMessages.statusFailed);
  });
});
