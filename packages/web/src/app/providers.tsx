import type { ReactNode } from 'react';
import { Toaster } from 'sonner';

/** Toasts: top right, 5 s by default, paused on hover or with Alt+T (doc 1 section 9). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster
        position="top-right"
        hotkey={['altKey', 'KeyT']}
        duration={5000}
        offset={{ top: 68, right: 16 }}
        mobileOffset={{ top: 64, right: 8, left: 8 }}
        richColors
        closeButton
      />
    </>
  );
}
