import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, type Mock } from 'vitest';

/** Answers the open arithmetic confirmation rightly (or off by one) and presses its Confirm button. */
export async function answerMath({ wrong = false, confirm = 'Confirm', title = 'Please confirm' } = {}) {
  const dialog = await screen.findByRole('dialog', { name: title });
  const [a, b] = (within(dialog).getByTestId('math-problem').textContent ?? '').match(/\d+/g)!.map(Number);
  const input = within(dialog).getByLabelText('Answer');
  await userEvent.clear(input);
  await userEvent.type(input, String(a! + b! + (wrong ? 1 : 0)));
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
}

/**
 * The confirmation's two answers: a wrong one shows the screen's `toast` and sends nothing, then the
 * right one sends the request (`send`, the mocked call) exactly once.
 */
export async function answerWrongThenRight(toast: string, send: Mock) {
  await answerMath({ wrong: true });
  expect(await screen.findByText(toast)).toBeInTheDocument();
  expect(send).not.toHaveBeenCalled();
  await answerMath();
  await waitFor(() => expect(send).toHaveBeenCalledOnce());
}
