import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits for the sonner toast saying `message` and returns it; its `data-type` says which kind it is
 * (success, error, warning, info). A screen often says the same words in a banner too: this is the toast.
 */
export function findToast(message: string, timeout = 5000): Promise<HTMLElement> {
  return waitFor(
    () => {
      const shown = screen
        .queryAllByText(message)
        .map((el) => el.closest<HTMLElement>('[data-sonner-toast]'))
        .find((el) => el !== null);
      expect(shown, `a toast saying '${message}'`).toBeDefined();
      return shown!;
    },
    { timeout },
  );
}
