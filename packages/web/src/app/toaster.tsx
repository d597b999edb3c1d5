import { useEffect, type CSSProperties } from 'react';
import { toast, Toaster, useSonner } from 'sonner';
import { TOASTS_TOP } from '@/ui/toasts-top';

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
export function AppToaster() {
  return (
    <>
      <Toaster
        position="top-right"
        hotkey={['altKey', 'KeyT']}
        duration={5000}
        // Below the screen's own header actions when it has some (PageHeader sets the variable), so a
        // toast never covers them (issue 36); else under the top bar.
        offset={{ top: `var(${TOASTS_TOP}, 68px)`, right: 16 }}
        mobileOffset={{ top: `var(${TOASTS_TOP}, 64px)`, right: 8, left: 8 }}
        richColors
        closeButton
        style={readableToastColors}
      />
      <OneErrorAtATime />
    </>
  );
}

/** A new error toast replaces the older ones instead of stacking under them (issue 36). */
function OneErrorAtATime() {
  const { toasts } = useSonner(); // newest first
  useEffect(() => {
    for (const older of toasts.filter((t) => t.type === 'error').slice(1)) toast.dismiss(older.id);
  }, [toasts]);
  return null;
}
