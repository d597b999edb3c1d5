import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { answerMath } from '@/test/answer-math';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests, signedInApi as signedIn } from '@/test/signed-in-screen';
import { cricket } from './category-test-data';

/** Edit conflicts (docs/decisions/0009-edit-conflicts.md) on the video category form. */

signedInScreenTests();

const category = { ...cricket, version: '1111111111111111' };
const refused = editVersionMessages.changed('category');

describe('Video Categories: an edit refused because another admin changed the category', () => {
  it('sends the version of Edit; refused, keeps the values with the alert and Update held until Reload', async () => {
    let stored = category;
    const sent: Record<string, FormDataEntryValue>[] = [];
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    mockApi({
      ...signedIn,
      'GET /api/App/video/category': () => jsonResponse({ status: true, message: 'ok', data: [stored] }),
      'PUT /api/App/video/category': (_url: string, init: RequestInit) => {
        const form = Object.fromEntries((init.body as FormData).entries());
        sent.push(form);
        if (form.version !== stored.version) return jsonResponse({ status: false, message: refused }, 409);
        stored = { ...stored, name: String(form.name), version: '3333333333333333' };
        return jsonResponse({ status: true, message: 'Category updated', data: stored });
      },
    });
    const user = userEvent.setup();
    renderApp('/add/video/category');
    await user.click(await screen.findByRole('button', { name: 'Edit Cricket' }, { timeout: 5000 }));
    expect(scrolled).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    const name = screen.getByLabelText('Category name');
    await user.clear(name);
    await user.type(name, 'Cricket (mine)');
    // Another admin renames the category meanwhile.
    stored = { ...category, name: 'Cricket World', version: '2222222222222222' };
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    await answerMath();

    await waitFor(() =>
      expect(sent).toEqual([{ id: 'c1', name: 'Cricket (mine)', version: category.version }]),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refused);
    // The error toast says it too.
    expect(screen.getAllByText(refused, { exact: false }).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByLabelText('Category name')).toHaveValue('Cricket (mine)');
    expect(screen.getByRole('heading', { name: 'Edit Category' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Category' })).toBeDisabled();

    await user.click(within(alert).getByRole('button', { name: 'Reload the category' }));
    await waitFor(() => expect(screen.getByLabelText('Category name')).toHaveValue('Cricket World'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Update Category' })).toBeEnabled();

    await user.clear(screen.getByLabelText('Category name'));
    await user.type(screen.getByLabelText('Category name'), 'Cricket World Cup');
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    await answerMath();
    await waitFor(() =>
      expect(sent[1]).toEqual({ id: 'c1', name: 'Cricket World Cup', version: '2222222222222222' }),
    );
    expect(await screen.findByText('Category updated')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Add Category' })).toBeInTheDocument();
    scrolled.mockRestore();
  }, 20_000);
});
