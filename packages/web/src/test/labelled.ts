import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The element whose aria-label is `label`, found by label once the page shows it. The wait reads the
 * attribute: a label query looks at the labels of every element of the page on each try (after each
 * render and every 50 ms), and over a page of 100-200 rows those tries took most of a test's CPU and,
 * on a busy machine, kept the rows they waited for from rendering (a test past its 20 s on CI).
 */
export async function findLabelled(label: string, { timeout = 5000 } = {}): Promise<HTMLElement> {
  await waitFor(() => expect(document.querySelector(`[aria-label="${CSS.escape(label)}"]`)).not.toBeNull(), {
    timeout,
  });
  return screen.getByLabelText(label);
}
