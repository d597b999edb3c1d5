import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { categoryMessages } from '@streamdesk/contract/video-categories';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PNG } from '@/test/images';
import * as leave from '@/test/leave-guard';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInScreenTests, signedInApi as signedIn } from '@/test/signed-in-screen';
import { cricket } from './category-test-data';

const tennis = { ...cricket, _id: 'c2', name: 'Tennis' };

/** The category form asks before a move loses a name or image not added or updated (issue 36). */

async function openPage() {
  mockApi({
    ...signedIn,
    ...leave.policyApi,
    'GET /api/App/video/category': { status: true, message: 'ok', data: [cricket, tennis] },
    'POST /api/App/video/category': { status: true, message: categoryMessages.added },
  });
  const user = userEvent.setup();
  const view = renderApp('/add/video/category');
  await screen.findByText('Cricket', {}, { timeout: 8000 });
  return { ...view, user };
}

const name = () => screen.getByLabelText('Category name');

signedInScreenTests();
// Edit scrolls the page up to the form.
beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));

describe('Category form: a name or image not saved', { timeout: 40_000 }, () => {
  it('asks before the menu leaves a new category: Cancel keeps it, Leave goes', async () => {
    const page = await openPage();
    expect(leave.asksBeforeUnload()).toBe(false);
    await page.user.type(name(), 'Football');
    await leave.expectAskedBeforeLeaving(page, 'the new category', () =>
      expect(name()).toHaveValue('Football'),
    );
  });

  it('asks for a rename, not for an edit left as it opened, nor after Cancel', async () => {
    const page = await openPage();
    const { user } = page;
    await user.click(screen.getByRole('button', { name: 'Edit Cricket' }));
    expect(name()).toHaveValue('Cricket');
    expect(leave.asksBeforeUnload()).toBe(false);
    await user.type(name(), ' Club');
    await leave.stay(user, await leave.askedToLeave(user, 'the category "Cricket"'));
    expect(name()).toHaveValue('Cricket Club');

    // Cancel returns to add mode, empty (doc 2 section 4): nothing is left to lose.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Add Category' })).toBeInTheDocument();
    await leave.expectLeavesWithoutAsking(page);
  });

  it('asks for a picked image, and not once the category is added', async () => {
    const page = await openPage();
    const { user } = page;
    await user.upload(screen.getByLabelText(/Main image/), new File([PNG], 'f.png', { type: 'image/png' }));
    await screen.findByRole('img', { name: 'Main image preview' });
    await leave.stay(user, await leave.askedToLeave(user, 'the new category'));

    await user.type(name(), 'Football');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText(categoryMessages.added)).toBeInTheDocument();
    await waitFor(() => expect(name()).toHaveValue(''));
    await leave.expectLeavesWithoutAsking(page);
  });
});

describe('Category list: Edit on a row while the form holds work', { timeout: 40_000 }, () => {
  const heading = (name: string) => screen.queryByRole('heading', { name });
  const editTennis = (page: { user: ReturnType<typeof userEvent.setup> }) => () =>
    page.user.click(screen.getByRole('button', { name: 'Edit Tennis' }));
  const tennisInForm = async () => {
    await waitFor(() => expect(name()).toHaveValue('Tennis'));
    expect(heading('Edit Category')).not.toBeNull();
  };

  it('asks for a typed new name: Cancel keeps it, Leave without saving opens the rename', async () => {
    const page = await openPage();
    await page.user.type(name(), 'Football');
    await leave.expectAskedBeforeDropping(page.user, 'the new category', editTennis(page), {
      kept: () => {
        expect(name()).toHaveValue('Football');
        expect(heading('Add Category')).not.toBeNull();
      },
      went: tennisInForm,
    });
  });

  it("asks for another row's changed rename, and switches at once from an unchanged one", async () => {
    const page = await openPage();
    const { user } = page;
    await user.click(screen.getByRole('button', { name: 'Edit Cricket' }));
    await user.type(name(), ' Club');
    await leave.expectAskedBeforeDropping(user, 'the category "Cricket"', editTennis(page), {
      kept: () => expect(name()).toHaveValue('Cricket Club'),
      went: tennisInForm,
    });
    await leave.expectMovesWithoutAsking(
      () => user.click(screen.getByRole('button', { name: 'Edit Cricket' })),
      () => waitFor(() => expect(name()).toHaveValue('Cricket')),
    );
  });
});
