import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EditConflictAlert } from './edit-conflict-alert';

/** A form refused as changed elsewhere; Reload starts it again (a new key), without the alert. */
function RefusedForm() {
  const [loaded, setLoaded] = useState(1);
  const [conflict, setConflict] = useState(true);
  return (
    <form key={loaded} aria-label="Edit thing">
      <label>
        Title
        <input defaultValue={`title ${loaded}`} />
      </label>
      {conflict && (
        <EditConflictAlert
          message="This thing was changed by someone else since you opened it."
          reloadLabel="Reload the thing"
          reloading={false}
          onReload={() => {
            setLoaded((n) => n + 1);
            setConflict(false);
          }}
        />
      )}
      <button type="submit" disabled={conflict}>
        Save
      </button>
    </form>
  );
}

describe('EditConflictAlert', () => {
  it('takes the focus when it had fallen to the page, and gives it to the rebuilt form after Reload', async () => {
    render(<RefusedForm />);
    const reload = screen.getByRole('button', { name: 'Reload the thing' });
    expect(reload).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('title 2');
    await expect.poll(() => document.activeElement).toBe(title);
  });

  it('leaves the focus where the admin put it', async () => {
    render(
      <>
        <input aria-label="Elsewhere" autoFocus />
        <RefusedForm />
      </>,
    );
    const elsewhere = screen.getByRole('textbox', { name: 'Elsewhere' });
    expect(elsewhere).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Reload the thing' })).not.toHaveFocus();
  });
});
