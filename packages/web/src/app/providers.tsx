import type { CSSProperties, ReactNode } from 'react';
import { Toaster } from 'sonner';

/**
 * Sonner's rich-colour text is too light on its tinted backgrounds for WCAG AA (warning 2.3:1, error and
 * success about 4.4:1); these read at 7:1 or more. Set inline, as sonner injects its own sheet at run time.
 */
const readableToastColors = {
  '--success-text': '#016630',
  '--info-text': '#193cb8',
  '--warning-text': '#973c00',
  '--error-text': '#9f0712',
} as CSSProperties;

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
        style={readableToastColors}
      />
    </>
  );
}
