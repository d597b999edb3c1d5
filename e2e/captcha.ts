import { expect, type Page } from '@playwright/test';

/** Solves (or, with `wrong`, fails) the arithmetic confirmation dialog open on the page; its confirm button is `confirm`. */
export async function answerCaptcha(
  page: Page,
  {
    wrong = false,
    confirm = 'Delete',
    title = 'Please confirm',
  }: { wrong?: boolean; confirm?: string; title?: string } = {},
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  const text = (await dialog.getByTestId('math-problem').textContent()) ?? '';
  const [a, b] = (text.match(/\d+/g) ?? []).map(Number);
  const answer = (a ?? 0) + (b ?? 0) + (wrong ? 1 : 0);
  await dialog.getByLabel('Answer').fill(String(answer));
  await dialog.getByRole('button', { name: confirm }).click();
}
