import { Dialog as RadixDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}

/**
 * A centred modal with a title (its accessible name) and an optional description. It is never taller
 * than the screen: a long body scrolls under the title.
 */
export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[70] bg-slate-900/50 backdrop-blur-[1px]" />
        <RadixDialog.Content
          className="fixed top-1/2 left-1/2 z-[71] flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={returnFocus}
        >
          <div className="px-5 pt-5">
            <RadixDialog.Title className="text-base font-semibold break-words text-slate-900">
              {title}
            </RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="mt-1.5 text-sm text-slate-600">
                {description}
              </RadixDialog.Description>
            )}
          </div>
          <div className="min-h-0 overflow-y-auto px-5 pt-4 pb-5">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

const canTakeFocus = (el: HTMLElement) => el.isConnected && !el.matches(':disabled');

/**
 * A dialog opened from a menu item (a row's "…" menu) would give focus back to the item, which is gone
 * once the menu closes: the menu's trigger (the menu is labelled by it) takes it instead.
 */
function menuTriggerOf(el: HTMLElement): HTMLElement {
  const menu = el.closest('[role="menu"]');
  const trigger = menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return trigger instanceof HTMLElement ? trigger : el;
}

/**
 * Gives focus back on close to the element that had it when the dialog opened. Radix does that only for
 * its own Trigger, and these dialogs are opened by state, so focus would fall to <body>. The opener is
 * read while rendering the opening: by the time Radix's open events run, an autoFocus field inside the
 * dialog has taken focus. An opener held disabled while the confirmed action runs (a Delete with its
 * spinner) gets focus when it is enabled again, unless focus went elsewhere meanwhile; one that is gone
 * (its row was deleted) is left alone.
 */
export function useReturnFocus(open: boolean) {
  const [wasOpen, setWasOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      const active = document.activeElement;
      setOpener(active instanceof HTMLElement && active !== document.body ? menuTriggerOf(active) : null);
    }
  }
  return (event: Event) => {
    if (!opener) return;
    event.preventDefault();
    if (canTakeFocus(opener)) opener.focus();
    else if (opener.isConnected) focusWhenEnabled(opener);
  };
}

const WAIT_FOR_ENABLED_MS = 30_000;

function focusWhenEnabled(el: HTMLElement) {
  const observer = new MutationObserver(() => {
    if (!canTakeFocus(el)) return;
    stop();
    const active = document.activeElement;
    if (!active || active === document.body) el.focus();
  });
  const timer = window.setTimeout(() => stop(), WAIT_FOR_ENABLED_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(el, { attributes: true, attributeFilter: ['disabled'] });
}
