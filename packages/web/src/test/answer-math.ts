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

/**
 * A list row's status switch asks before it sends (docs/decisions/0055-one-confirmation-rule.md): the
 * click opens "Change status" with `prompt`; Cancel leaves the switch as it was and sends nothing; a
 * wrong answer toasts `wrongAnswer` and sends nothing; the right one sends (`send`, the mocked call) once.
 */
export async function expectSwitchAsks({
  name,
  prompt,
  wrongAnswer,
  send,
}: {
  name: string;
  prompt: string;
  wrongAnswer: string;
  send: Mock;
}) {
  const user = userEvent.setup();
  const toggle = await screen.findByRole('switch', { name }, { timeout: 8000 });
  const was = toggle.getAttribute('aria-checked');
  await user.click(toggle);
  const dialog = await screen.findByRole('dialog', { name: 'Change status' });
  expect(within(dialog).getByText(prompt)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(toggle).toHaveAttribute('aria-checked', was);
  expect(send).not.toHaveBeenCalled();

  await user.click(toggle);
  await answerMath({ wrong: true, title: 'Change status' });
  expect(await screen.findByText(wrongAnswer)).toBeInTheDocument();
  expect(toggle).toHaveAttribute('aria-checked', was);
  expect(send).not.toHaveBeenCalled();
  await answerMath({ title: 'Change status' });
  await waitFor(() => expect(send).toHaveBeenCalledOnce());
  return toggle;
}
