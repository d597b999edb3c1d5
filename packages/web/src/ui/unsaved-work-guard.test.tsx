import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LeaveGuards } from './leave-guard';
import { UnsavedWorkGuard } from './unsaved-work-guard';

/** A form with one field, guarded while it differs from the empty value it opened with. */
function Form({ name }: { name: string }) {
  const [value, setValue] = useState('');
  return (
    <label>
      {name}
      <input value={value} onChange={(e) => setValue(e.target.value)} />
      <UnsavedWorkGuard unsaved={value !== ''} what={`the ${name}`} />
    </label>
  );
}

/** Two guarded forms on one screen, as an add form above the row being edited. */
function open() {
  const router = createMemoryRouter(
    [
      {
        path: '/list',
        element: (
          <>
            <Form name="new item" />
            <Form name="item being edited" />
            <Link to="/other">Other</Link>
            <LeaveGuards />
          </>
        ),
      },
      { path: '/other', element: <h1>Other screen</h1> },
    ],
    { initialEntries: ['/list'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('UnsavedWorkGuard', () => {
  it('asks for the first of two forms on a screen: the untouched second one does not stand in its way', async () => {
    const { router, user } = open();
    await user.type(screen.getByLabelText('new item'), 'a');
    await user.click(screen.getByRole('link', { name: 'Other' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('Your changes to the new item are not saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/list');
    expect(screen.getByLabelText('new item')).toHaveValue('a');
  });

  it('lets the screen go at once while neither form holds anything', async () => {
    const { user } = open();
    await user.type(screen.getByLabelText('item being edited'), 'b{Backspace}');
    await user.click(screen.getByRole('link', { name: 'Other' }));
    expect(await screen.findByRole('heading', { name: 'Other screen' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
