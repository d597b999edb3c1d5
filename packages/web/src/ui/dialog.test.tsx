import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';

/** A list row whose Delete opens a dialog by state, as the screens do (no Radix Trigger). */
function Screen({ busyOnConfirm = false }: { busyOnConfirm?: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button onClick={() => setBusy(false)}>Finish</Button>
      <Button variant="danger" loading={busy} onClick={() => setOpen(true)}>
        Delete
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Please confirm">
        {/* Like the confirm dialogs: a field that takes focus as the dialog opens. */}
        <input aria-label="Answer" autoFocus />
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            setOpen(false);
            setBusy(busyOnConfirm);
          }}
        >
          Confirm
        </Button>
      </Dialog>
    </>
  );
}

const deleteButton = () => screen.getByRole('button', { name: 'Delete' });

describe('Dialog', () => {
  it('gives focus back to the button that opened it on Escape', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(deleteButton());
    expect(screen.getByLabelText('Answer')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteButton()).toHaveFocus();
  });

  it('gives focus back on Cancel', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(deleteButton());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(deleteButton()).toHaveFocus());
  });

  it('gives focus back to an opener held disabled once it is enabled again', async () => {
    const user = userEvent.setup();
    render(<Screen busyOnConfirm />);
    await user.click(deleteButton());
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteButton()).toBeDisabled();
    // The action's reply comes back: the button is enabled and takes focus.
    act(() => screen.getByRole('button', { name: 'Finish' }).click());
    await waitFor(() => expect(deleteButton()).toBeEnabled());
    await waitFor(() => expect(deleteButton()).toHaveFocus());
  });

  it('keeps a long body inside the screen: the body scrolls, the title stays', () => {
    render(
      <Dialog open onOpenChange={() => undefined} title="Video">
        <p>Body</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Video' });
    expect(dialog.className).toContain('max-h-[calc(100dvh-2rem)]');
    expect(screen.getByText('Body').parentElement?.className).toContain('overflow-y-auto');
  });
});
