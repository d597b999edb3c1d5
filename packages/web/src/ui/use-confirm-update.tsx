import { useCallback, useState } from 'react';
import { ConfirmMathDialog } from './confirm-math-dialog';

interface Pending {
  thing: string;
  send: () => void;
  /** This question's verb, where it is not the hook's. */
  action?: string | undefined;
}

interface ConfirmOptions {
  /** The screen's own wrong-answer toast, as its deletes use. */
  wrongAnswerMessage?: string;
}

/** The arithmetic confirmation of a change, asked by `ask(thing, send)`; `dialog` is rendered once. */
function useConfirmChange(
  { action, title }: { action: string; title?: string },
  { wrongAnswerMessage }: ConfirmOptions,
) {
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = () => {
    const asked = pending;
    setPending(null);
    asked?.send();
  };

  const dialog = (
    <ConfirmMathDialog
      open={pending !== null}
      onOpenChange={(open) => !open && setPending(null)}
      action={pending?.action ?? action}
      thing={pending?.thing ?? ''}
      // Red is for deletes; a change can be made again the other way.
      tone="primary"
      onConfirm={confirm}
      {...(title === undefined ? {} : { title })}
      {...(wrongAnswerMessage === undefined ? {} : { wrongAnswerMessage })}
    />
  );

  // Stable, so that a memoised row given it re-renders only when its own data changes.
  const ask = useCallback(
    (thing: string, send: () => void, verb?: string) => setPending({ thing, send, action: verb }),
    [],
  );
  return { ask, dialog };
}

/**
 * The arithmetic confirmation before an update is sent (doc 1 section 5: deletes and updates need an
 * arithmetic answer; docs/decisions/0013-screens.md). `ask(thing, send)`
 * opens "You are about to update <thing>. To confirm, please solve this math problem"; `send` runs
 * only after the right answer, while a wrong one toasts `wrongAnswerMessage` (the screen's own, as its
 * deletes use) and sends nothing. Check the form before asking; render `dialog` once.
 */
export function useConfirmUpdate(options: ConfirmOptions = {}) {
  return useConfirmChange({ action: 'update' }, options);
}

/**
 * The same confirmation before a list row's status switch sends its change, as the story list's always
 * asked (docs/decisions/0055-one-confirmation-rule.md): "Change status", "You are about to change the
 * status of <thing>. …". Until the right answer the switch shows what is stored; Cancel sends nothing.
 * `ask(thing, send, verb)` may say what the change is ("enable web access for").
 */
export function useConfirmStatus(options: ConfirmOptions = {}) {
  return useConfirmChange({ action: 'change the status of', title: 'Change status' }, options);
}
