import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmMathDialog } from './confirm-math-dialog';

// The toasts are spied on (sonner's `toast` is one object the app shares): none is raised, and the
// calls say which. restoreMocks puts them back after each test.
beforeEach(() => {
  vi.spyOn(toast, 'error').mockReturnValue(1);
  vi.spyOn(toast, 'success').mockReturnValue(1);
});

function setup(onConfirm = vi.fn()) {
  const onOpenChange = vi.fn();
  render(
    <ConfirmMathDialog
      open
      onOpenChange={onOpenChange}
      thing="3 stories"
      onConfirm={onConfirm}
      createProblem={() => ({ a: 7, b: 4 })}
    />,
  );
  return { onConfirm, onOpenChange, user: userEvent.setup() };
}

describe('ConfirmMathDialog', () => {
  it('states what is deleted and shows the problem', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Please confirm' })).toBeInTheDocument();
    expect(
      screen.getByText(/You are about to delete 3 stories\. To confirm, please solve this math problem/),
    ).toBeInTheDocument();
    expect(screen.getByText('7 + 4 = ?')).toBeInTheDocument();
  });

  it('confirms on the right answer', async () => {
    const { onConfirm, user } = setup();
    await user.type(screen.getByLabelText('Answer'), '11');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('toasts for 2 s and stays open on a wrong or empty answer', async () => {
    const { onConfirm, onOpenChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.type(screen.getByLabelText('Answer'), '12{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledTimes(2);
    expect(toast.error).toHaveBeenCalledWith('Captcha answer is not correct', { duration: 2000 });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on Cancel', async () => {
    const { onOpenChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('does not submit a form it is rendered in', async () => {
    const outer = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onConfirm = vi.fn();
    render(
      <form onSubmit={outer}>
        <ConfirmMathDialog
          open
          onOpenChange={vi.fn()}
          action="update"
          thing="Story"
          onConfirm={onConfirm}
          createProblem={() => ({ a: 2, b: 3 })}
        />
      </form>,
    );
    await userEvent.type(screen.getByLabelText('Answer'), '5{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(outer).not.toHaveBeenCalled();
  });
});
