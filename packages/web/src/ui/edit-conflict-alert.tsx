import { useEffect, useRef } from 'react';
import { Button } from './button';

/**
 * Says that a save was refused because someone else changed the record since it was opened
 * (docs/decisions/0009-edit-conflicts.md), with the button that loads it afresh. `message` is the server's,
 * `note` what the screen adds (what becomes of the admin's values).
 */
export function EditConflictAlert(props: {
  message: string;
  note?: string;
  reloadLabel: string;
  reloading: boolean;
  onReload: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  // The refused Save is held disabled (and a captcha that asked for it has closed), so focus has fallen
  // to the page: a keyboard user goes on from the way forward, not from the top. Focus the admin has put
  // elsewhere meanwhile stays there.
  useEffect(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || active.matches(':disabled');
    if (lost) box.current?.querySelector('button')?.focus();
    // Reload starts the form again from the record, and the alert goes with the old form: the Reload
    // button had the focus, which falls to the page. It goes to the first field of the form of the same
    // name, the one rebuilt, unless the admin has put it somewhere meanwhile.
    const formName = box.current?.closest('form')?.getAttribute('aria-label');
    return () => {
      if (!formName) return;
      setTimeout(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        firstField(formName)?.focus();
      });
    };
  }, []);
  return (
    <div
      ref={box}
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <p>{props.note ? `${props.message} ${props.note}` : props.message}</p>
      <Button size="sm" variant="secondary" loading={props.reloading} onClick={props.onReload}>
        {props.reloadLabel}
      </Button>
    </div>
  );
}

/** The first field an admin can type in or change, of the form named `name` on the page now. */
function firstField(name: string): HTMLElement | undefined {
  const form = [...document.querySelectorAll('form')].find((f) => f.getAttribute('aria-label') === name);
  return (
    form?.querySelector<HTMLElement>(
      'input:not([type=hidden]):not(:disabled), textarea:not(:disabled), select:not(:disabled), [role=switch]:not(:disabled)',
    ) ?? undefined
  );
}
