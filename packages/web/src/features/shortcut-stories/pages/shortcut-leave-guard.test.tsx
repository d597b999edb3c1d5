import { shortcutMessages } from '@streamdesk/contract/shortcut-stories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PNG } from '@/test/images';
import * as leave from '@/test/leave-guard';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { emptyShortcutList, shortcutRow } from '../test-shortcuts';

/**
 * The add form asks before a move loses a shortcut story not uploaded, and not once it is added; a row's
 * inline edit asks too, while it holds a change (issue 36, 0056).
 */

const logo = () => new File([PNG], 'logo.png', { type: 'image/png' });

async function openForm() {
  mockApi({
    ...shell,
    ...leave.policyApi,
    'GET /api/sortcut': emptyShortcutList,
    'POST /api/sortcut': { status: true, message: shortcutMessages.added },
  });
  const user = userEvent.setup({ applyAccept: false });
  const view = renderApp('/add/story');
  const form = within(await screen.findByRole('form', { name: 'Add shortcut story' }, { timeout: 8000 }));
  const fill = async () => {
    await user.type(form.getByLabelText('Title'), 'Brand');
    await user.type(form.getByLabelText('Url'), 'https://brand.example');
  };
  return { ...view, user, form, fill };
}

signedInScreenTests({ authStatus: 'signed-in' });

describe('Shortcut story add form: work not uploaded', { timeout: 40_000 }, () => {
  it('asks before the menu leaves it: Cancel keeps the values, Leave goes', async () => {
    const page = await openForm();
    expect(leave.asksBeforeUnload()).toBe(false);
    await page.fill();
    await leave.expectAskedBeforeLeaving(page, 'the new shortcut story', () => {
      expect(page.form.getByLabelText('Title')).toHaveValue('Brand');
      expect(page.form.getByLabelText('Url')).toHaveValue('https://brand.example');
    });
  });

  it('asks for a picked image; Clear ends it', async () => {
    const page = await openForm();
    await page.user.upload(page.form.getByLabelText('Image'), logo());
    await leave.stay(page.user, await leave.askedToLeave(page.user, 'the new shortcut story'));
    await page.user.click(page.form.getByRole('button', { name: 'Clear' }));
    await leave.expectLeavesWithoutAsking(page);
  });

  it('does not ask once the shortcut story is added', async () => {
    const page = await openForm();
    await page.fill();
    await page.user.upload(page.form.getByLabelText('Image'), logo());
    await page.user.click(page.form.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(shortcutMessages.added)).toBeInTheDocument();
    await waitFor(() => expect(page.form.getByLabelText('Title')).toHaveValue(''));
    await leave.expectLeavesWithoutAsking(page);
  });
});

async function openRowEdit(rows = [shortcutRow(1)]) {
  mockApi({
    ...shell,
    ...leave.policyApi,
    'GET /api/sortcut': { ...emptyShortcutList, data: rows, totalPage: 1, total: rows.length },
    'POST /api/sortcut': { status: true, message: shortcutMessages.added },
  });
  const user = userEvent.setup({ applyAccept: false });
  const view = renderApp('/add/story');
  await user.click(await screen.findByRole('button', { name: 'Edit Brand 1' }, { timeout: 8000 }));
  const table = within(screen.getByRole('table', { name: 'Shortcut stories' }));
  return { ...view, user, table };
}

describe("Shortcut story row's inline edit: work not saved", { timeout: 40_000 }, () => {
  it('asks before the menu leaves a changed row: Cancel keeps the value, Leave goes', async () => {
    const page = await openRowEdit();
    expect(leave.asksBeforeUnload()).toBe(false);
    await page.user.type(page.table.getByRole('textbox', { name: 'Name' }), ' Sports');
    await leave.expectAskedBeforeLeaving(page, 'the shortcut story being edited', () =>
      expect(page.table.getByRole('textbox', { name: 'Name' })).toHaveValue('Brand 1 Sports'),
    );
  });

  it('does not ask once the row is cancelled', async () => {
    const page = await openRowEdit();
    await page.user.type(page.table.getByRole('textbox', { name: 'Name' }), ' Sports');
    await page.user.click(page.table.getByRole('button', { name: 'Cancel' }));
    await leave.expectLeavesWithoutAsking(page);
  });

  it("cancels on Esc, focus back on the row's Edit", async () => {
    const page = await openRowEdit();
    await page.user.type(page.table.getByRole('textbox', { name: 'Name' }), ' Sports{Escape}');
    expect(page.table.queryByRole('textbox', { name: 'Name' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Brand 1' })).toHaveFocus());
    await leave.expectLeavesWithoutAsking(page);
  });
});

describe(
  'Shortcut story list: Edit on another row while the row in edit holds a change',
  { timeout: 40_000 },
  () => {
    const nameInEdit = (page: { table: ReturnType<typeof within> }) =>
      page.table.queryByRole('textbox', { name: 'Name' });
    const editSecond = (page: Awaited<ReturnType<typeof openRowEdit>>) => () =>
      page.user.click(screen.getByRole('button', { name: 'Edit Brand 2' }));
    const secondInEdit = (page: Awaited<ReturnType<typeof openRowEdit>>) => async () => {
      await waitFor(() => expect(nameInEdit(page)).toHaveValue('Brand 2'));
      expect(screen.getByRole('button', { name: 'Edit Brand 1' })).toBeInTheDocument();
    };

    it('asks: Cancel keeps the change in edit, Leave without saving opens the other row', async () => {
      const page = await openRowEdit([shortcutRow(1), shortcutRow(2)]);
      await page.user.type(nameInEdit(page)!, ' Sports');
      await leave.expectAskedBeforeDropping(page.user, 'the shortcut story being edited', editSecond(page), {
        kept: () => expect(nameInEdit(page)).toHaveValue('Brand 1 Sports'),
        went: secondInEdit(page),
      });
    });

    it('an unchanged row switches at once', async () => {
      const page = await openRowEdit([shortcutRow(1), shortcutRow(2)]);
      await leave.expectMovesWithoutAsking(editSecond(page), secondInEdit(page));
    });
  },
);

/** Two pages of shortcuts: Brand 1 on the first, Brand 101 on the second (where an added one goes). */
async function openTwoPages() {
  mockApi({
    ...shell,
    'GET /api/sortcut': (url: string) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      const data = [shortcutRow(page === 2 ? 101 : 1)];
      return jsonResponse({ ...emptyShortcutList, data, next_s_no: 102, totalPage: 2, total: 101 });
    },
    'POST /api/sortcut': { status: true, message: shortcutMessages.added },
  });
  const user = userEvent.setup({ applyAccept: false });
  const view = renderApp('/add/story');
  await user.click(await screen.findByRole('button', { name: 'Edit Brand 1' }, { timeout: 8000 }));
  const table = within(screen.getByRole('table', { name: 'Shortcut stories' }));
  return { ...view, user, table };
}

describe(
  'Shortcut story list: another page while the row in edit holds a change',
  { timeout: 40_000 },
  () => {
    const next = (page: Awaited<ReturnType<typeof openTwoPages>>) => () =>
      page.user.click(
        within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next' }),
      );
    const onPage2 = (page: Awaited<ReturnType<typeof openTwoPages>>) => async () => {
      expect(
        await screen.findByRole('button', { name: 'Edit Brand 101' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(page.router.state.location.search).toBe('?page=2');
      // Page 2's own table (the list is keyed by its page), with no row in edit.
      expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    };

    it('Next asks: Cancel keeps the page and the change, Leave without saving goes to page 2', async () => {
      const page = await openTwoPages();
      await page.user.type(page.table.getByRole('textbox', { name: 'Name' }), ' Sports');
      await leave.expectAskedBeforeDropping(page.user, 'the shortcut story being edited', next(page), {
        kept: () => {
          expect(page.table.getByRole('textbox', { name: 'Name' })).toHaveValue('Brand 1 Sports');
          expect(page.router.state.location.search).toBe('');
        },
        went: onPage2(page),
      });
    });

    it('an unchanged row goes to the next page at once', async () => {
      const page = await openTwoPages();
      await leave.expectMovesWithoutAsking(next(page), onPage2(page));
    });
  },
);

describe(
  'Shortcut story list: Back, Forward and an add while the row in edit holds a change',
  { timeout: 40_000 },
  () => {
    const what = 'the shortcut story being edited';
    const name = () => screen.getByRole('textbox', { name: 'Name' });
    const noRowInEdit = () => expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();

    it('Back to the page before asks: Cancel keeps the page and the change, Leave goes back', async () => {
      const page = await openTwoPages();
      // Brand 1 in edit, unchanged: Next goes at once.
      await page.user.click(
        within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next' }),
      );
      await page.user.click(await screen.findByRole('button', { name: 'Edit Brand 101' }, { timeout: 5000 }));
      await page.user.type(name(), ' Sports');
      await leave.expectAskedBeforeDropping(page.user, what, () => page.router.navigate(-1), {
        kept: () => {
          expect(name()).toHaveValue('Brand 101 Sports');
          expect(page.router.state.location.search).toBe('?page=2');
        },
        went: async () => {
          expect(await screen.findByRole('button', { name: 'Edit Brand 1' })).toBeInTheDocument();
          expect(page.router.state.location.search).toBe('');
          noRowInEdit();
        },
      });
    });

    /** Adds Brand `n` with the form above the list: it goes to the last page. */
    const addOne = (page: { user: ReturnType<typeof userEvent.setup> }, n: number) => async () => {
      const form = within(screen.getByRole('form', { name: 'Add shortcut story' }));
      await page.user.type(form.getByLabelText('Title'), `Brand ${n}`);
      await page.user.type(form.getByLabelText('Url'), `https://brand${n}.example`);
      await page.user.upload(form.getByLabelText('Image'), logo());
      await page.user.click(form.getByRole('button', { name: 'Upload' }));
    };

    it('an add asks before it moves to the last page: Cancel keeps the page and the change, Leave shows the last page', async () => {
      const page = await openTwoPages();
      await page.user.type(name(), ' Sports');
      await leave.expectAskedBeforeDropping(page.user, what, addOne(page, 102), {
        kept: () => {
          expect(name()).toHaveValue('Brand 1 Sports');
          expect(page.router.state.location.search).toBe('');
        },
        went: async () => {
          expect(await screen.findByRole('button', { name: 'Edit Brand 101' })).toBeInTheDocument();
          expect(page.router.state.location.search).toBe('?page=2');
          noRowInEdit();
        },
      });
    });

    it('an add on the last page keeps the row in edit and its change, without asking', async () => {
      const page = await openRowEdit([shortcutRow(1)]);
      await page.user.type(name(), ' Sports');
      await addOne(page, 2)();
      const form = within(screen.getByRole('form', { name: 'Add shortcut story' }));
      expect(await screen.findByText(shortcutMessages.added)).toBeInTheDocument();
      await waitFor(() => expect(form.getByLabelText('Title')).toHaveValue(''));
      expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
      expect(name()).toHaveValue('Brand 1 Sports');
      expect(page.router.state.location.search).toBe('');
    });
  },
);
