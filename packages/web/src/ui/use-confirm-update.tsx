import { useState } from 'react';
import { ConfirmMathDialog } from './confirm-math-dialog';

interface Pending {
  thing: string;
  send: () => void;
}

/**
 * The arithmetic confirmation before an update is sent (doc 1 section 5: deletes and updates need an
 * arithmetic answer; docs/decisions/0013-screens.md). `ask(thing, send)`
 * opens "You are about to update <thing>. To confirm, please solve this math problem"; `send` runs
 * only after the right answer, while a wrong one toasts `wrongAnswerMessage` (the screen's own, as its
 * deletes use) and sends nothing. Check the form before asking; render `dialog` once.
 */
export function useConfirmUpdate({ wrongAnswerMessage }: { wrongAnswerMessage?: string } = {}) {
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
      action="update"
      thing={pending?.thing ?? ''}
      tone="primary"
      onConfirm={confirm}
      {...(wrongAnswerMessage === undefined ? {} : { wrongAnswerMessage })}
    />
  );

  return { ask: (thing: string, send: () => void) => setPending({ thing, send }), dialog };
}
