import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Answers the open arithmetic confirmation rightly (or off by one) and presses its Confirm button. */
export async function answerMath({ wrong = false, confirm = 'Confirm' } = {}) {
  const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
  const [a, b] = (within(dialog).getByTestId('math-problem').textContent ?? '').match(/\d+/g)!.map(Number);
  const input = within(dialog).getByLabelText('Answer');
  await userEvent.clear(input);
  await userEvent.type(input, String(a! + b! + (wrong ? 1 : 0)));
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
}
