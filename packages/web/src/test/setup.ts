import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// jsdom has no ResizeObserver; Radix measures a switch that sits inside a form (the story edit page).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Lazily loaded screens can take more than the default second to appear on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // Sonner keeps the toasts still up and shows them to the next Toaster mounted (the next test's app):
  // a test could otherwise find a toast an earlier test raised.
  toast.dismiss();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
