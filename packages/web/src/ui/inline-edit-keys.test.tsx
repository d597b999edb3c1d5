import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { editButtonOf, inlineEditKeys, useFocusBackToEdit } from './inline-edit-keys';

/** A list of two rows editing in place, as the inline-edited lists do, with what each save sent. */
function List({ saved }: { saved: string[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  useFocusBackToEdit(editing);
  return (
    <table>
      <tbody>
        {['a', 'b'].map((id) =>
          id === editing ? (
            <tr
              key={id}
              onKeyDown={inlineEditKeys(
                () => {
                  saved.push(draft);
                  setEditing(null);
                },
                () => setEditing(null),
              )}
            >
              <td>
                <input aria-label="Name" value={draft} onChange={(e) => setDraft(e.target.value)} />
                <input aria-label="Shown" type="checkbox" />
                {/* A dialog the row opened, in a portal as the confirmations are. */}
                {createPortal(<input aria-label="Answer" />, document.body)}
              </td>
            </tr>
          ) : (
            <tr key={id}>
              <td>
                <button type="button" onClick={() => setEditing(id)} {...editButtonOf(id)}>
                  Edit {id}
                </button>
              </td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

describe('one inline-edit behaviour', () => {
  it('saves on Enter in a field and gives the focus back to the row’s Edit button', async () => {
    const saved: string[] = [];
    const user = userEvent.setup();
    render(<List saved={saved} />);
    await user.click(screen.getByRole('button', { name: 'Edit b' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Derby{Enter}');
    expect(saved).toEqual(['Derby']);
    expect(screen.getByRole('button', { name: 'Edit b' })).toHaveFocus();
  });

  it('cancels on Esc without saving, focus back on Edit', async () => {
    const saved: string[] = [];
    const user = userEvent.setup();
    render(<List saved={saved} />);
    await user.click(screen.getByRole('button', { name: 'Edit a' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Derby');
    await user.keyboard('{Escape}');
    expect(saved).toEqual([]);
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit a' })).toHaveFocus();
  });

  it('leaves Enter on a checkbox, and keys in a dialog the row opened, alone', async () => {
    const saved: string[] = [];
    const user = userEvent.setup();
    render(<List saved={saved} />);
    await user.click(screen.getByRole('button', { name: 'Edit a' }));
    screen.getByRole('checkbox', { name: 'Shown' }).focus();
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), '7{Enter}{Escape}');
    expect(saved).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });
});
