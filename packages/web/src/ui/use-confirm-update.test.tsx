import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useConfirmUpdate } from './use-confirm-update';

// The toasts are spied on (sonner's `toast` is one object the app shares): none is raised, and the
// calls say which. restoreMocks puts them back after each test.
beforeEach(() => {
  vi.spyOn(toast, 'error').mockReturnValue(1);
  vi.spyOn(toast, 'success').mockReturnValue(1);
});

function Screen({ send, wrongAnswerMessage }: { send: () => void; wrongAnswerMessage?: string }) {
  const confirm = useConfirmUpdate(wrongAnswerMessage === undefined ? {} : { wrongAnswerMessage });
  return (
    <>
      <button type="button" onClick={() => confirm.ask('Shortcut Story', send)}>
        Save
      </button>
      {confirm.dialog}
    </>
  );
}

async function answer(right: boolean) {
  const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
  const [a, b] = (within(dialog).getByTestId('math-problem').textContent ?? '').match(/\d+/g)!.map(Number);
  await userEvent.type(within(dialog).getByLabelText('Answer'), String(a! + b! + (right ? 0 : 1)));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

describe('useConfirmUpdate', () => {
  it('asks in the spec words and sends only after the right answer', async () => {
    const send = vi.fn();
    render(<Screen send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText('You are about to update Shortcut Story. To confirm, please solve this math problem'),
    ).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await answer(false);
    expect(send).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Captcha answer is not correct', { duration: 2000 });
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Answer'));
    await answer(true);
    expect(send).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("uses the screen's wrong-answer toast and sends nothing when cancelled", async () => {
    const send = vi.fn();
    render(<Screen send={send} wrongAnswerMessage="Answer is not correct" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await answer(false);
    expect(toast.error).toHaveBeenCalledWith('Answer is not correct', { duration: 2000 });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });
});
