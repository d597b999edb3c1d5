import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { asksBeforeUnload } from '@/test/leave-guard';
import { DraftScope, useAskBeforeDropping, useHeldInScope } from './ask-before-dropping';
import { LeaveGuards, useAskBeforeUnload, useLeaveGuard } from './leave-guard';

function Editor() {
  const [saved, setSaved] = useState('a');
  const [value, setValue] = useState('a');
  const guard = useLeaveGuard(value !== saved, 'the note');
  const navigate = useNavigate();
  return (
    <>
      <label>
        Note
        <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <button onClick={() => setSaved(value)}>Save</button>
      <Link to="/other">Other</Link>
      <Link to="/editor?page=2">Page 2</Link>
      <button onClick={() => guard.leave(() => void navigate('/other'))}>Discard</button>
      <button onClick={() => guard.leave(() => void navigate('/editor?page=3'))}>Page 3</button>
    </>
  );
}

function openEditor() {
  const router = createMemoryRouter(
    [
      {
        path: '/editor',
        element: (
          <>
            <Editor />
            <LeaveGuards />
          </>
        ),
      },
      { path: '/other', element: <h1>Other screen</h1> },
    ],
    { initialEntries: ['/editor'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('useLeaveGuard', () => {
  it('lets the screen go at once while nothing is unsaved', async () => {
    const { user } = openEditor();
    expect(asksBeforeUnload()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Other' }));
    expect(await screen.findByRole('heading', { name: 'Other screen' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before an unsaved value is left: Cancel keeps it, Leave without saving goes on', async () => {
    const { router, user } = openEditor();
    await user.type(screen.getByLabelText('Note'), 'b');
    expect(asksBeforeUnload()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Other' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent(
      'Your changes to the note are not saved. If you leave now, they are lost.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/editor');
    expect(screen.getByLabelText('Note')).toHaveValue('ab');

    // Escape stays too.
    await user.click(screen.getByRole('link', { name: 'Other' }));
    await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Note')).toHaveValue('ab');

    await user.click(screen.getByRole('link', { name: 'Other' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Other screen' })).toBeInTheDocument();
    expect(asksBeforeUnload()).toBe(false);
  });

  it('does not ask for a move that keeps the screen, nor once the value is saved', async () => {
    const { router, user } = openEditor();
    await user.type(screen.getByLabelText('Note'), 'b');
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Note')).toHaveValue('ab');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(asksBeforeUnload()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Other' }));
    expect(await screen.findByRole('heading', { name: 'Other screen' })).toBeInTheDocument();
  });
});

/** A note guarded all the time, as a screen with one form does. */
function Note({ name }: { name: string }) {
  const [value, setValue] = useState('');
  useLeaveGuard(value !== '', `the ${name}`);
  return (
    <label>
      {name}
      <input value={value} onChange={(e) => setValue(e.target.value)} />
    </label>
  );
}

describe('useLeaveGuard: one blocker for the app', () => {
  it('asks for the first of two guarded forms, and names both once both are changed', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/notes',
          element: (
            <>
              <Note name="first note" />
              <Note name="second note" />
              <Link to="/other">Other</Link>
              <LeaveGuards />
            </>
          ),
        },
        { path: '/other', element: <h1>Other screen</h1> },
      ],
      { initialEntries: ['/notes'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('first note'), 'a');
    await user.click(screen.getByRole('link', { name: 'Other' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('Your changes to the first note are not saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.type(screen.getByLabelText('second note'), 'b');
    await user.click(screen.getByRole('link', { name: 'Other' }));
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toHaveTextContent(
      'Your changes to the first note and the second note are not saved.',
    );
  });

  it('does not ask for Back to another query of the screen: its values stay', async () => {
    const { router, user } = openEditor();
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    await user.type(screen.getByLabelText('Note'), 'b');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Note')).toHaveValue('ab');
  });
});

describe('useLeaveGuard: leave', () => {
  it("lets the screen's own way out go without asking, the value unsaved", async () => {
    const { router, user } = openEditor();
    await user.type(screen.getByLabelText('Note'), 'b');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('heading', { name: 'Other screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/other');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets only its own move through: after one that keeps the screen, the next move asks again', async () => {
    const { router, user } = openEditor();
    await user.type(screen.getByLabelText('Note'), 'b');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));

    await user.type(screen.getByLabelText('Note'), 'c');
    await user.click(screen.getByRole('link', { name: 'Other' }));
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/editor');
    expect(screen.getByLabelText('Note')).toHaveValue('abc');
  });
});

describe('useAskBeforeUnload', () => {
  function Work() {
    const [busy, setBusy] = useState(false);
    useAskBeforeUnload(busy);
    return <button onClick={() => setBusy((b) => !b)}>Toggle</button>;
  }

  it('asks only while active', async () => {
    render(<Work />);
    const user = userEvent.setup();
    expect(asksBeforeUnload()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(asksBeforeUnload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(asksBeforeUnload()).toBe(false);
  });
});

describe('a list whose page is in the URL, with a row in edit (useAskBeforeDropping, inUrl)', () => {
  function Row() {
    const [value, setValue] = useState('');
    useHeldInScope(value !== '', 'the row');
    return (
      <label>
        Row name
        <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
    );
  }

  function List() {
    const [open, setOpen] = useState(true);
    const { hold, ask, dialog } = useAskBeforeDropping({ inUrl: true, dropped: () => setOpen(false) });
    const navigate = useNavigate();
    return (
      <>
        <DraftScope hold={hold}>{open && <Row />}</DraftScope>
        <Link to="/list?page=2">Page 2 link</Link>
        <button
          onClick={() =>
            ask(() => {
              setOpen(false);
              void navigate('/list?page=3');
            })
          }
        >
          Next page
        </button>
        {dialog}
      </>
    );
  }

  function openList() {
    const router = createMemoryRouter(
      [
        {
          path: '/list',
          element: (
            <>
              <List />
              <LeaveGuards />
            </>
          ),
        },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    return { router, user: userEvent.setup() };
  }

  it('asks before a link to another page of the list drops the change; leaving closes the row', async () => {
    const { router, user } = openList();
    await user.type(screen.getByLabelText('Row name'), 'x');
    await user.click(screen.getByRole('link', { name: 'Page 2 link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('the row');
    expect(router.state.location.search).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(screen.queryByLabelText('Row name')).toBeNull();
  });

  it("asks once for the list's own move, and not for a replace of the URL", async () => {
    const { router, user } = openList();
    await user.type(screen.getByLabelText('Row name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(() => router.navigate('/list?page=4', { replace: true }));
    expect(router.state.location.search).toBe('?page=4');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
