import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PreviewDialog } from './preview-dialog';

function Row() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Play</button>
      <PreviewDialog title="Preview: Sunday ad" open={open} onClose={() => setOpen(false)}>
        <img alt="Sunday ad" src="data:," />
      </PreviewDialog>
    </>
  );
}

describe('PreviewDialog', () => {
  it('shows its title and media, and Close takes it away with the media and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Row />);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    const dialog = screen.getByRole('dialog', { name: 'Preview: Sunday ad' });
    expect(dialog).toContainElement(screen.getByRole('img', { name: 'Sunday ad' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Sunday ad' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Play' })).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Row />);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
