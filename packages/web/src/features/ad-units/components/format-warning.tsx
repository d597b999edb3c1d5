import { adFormatWarnings } from '@streamdesk/contract/ad-units';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { useOneAtATime } from '@/ui/use-one-at-a-time';
import { toastSuccess } from '@/ui/toast-success';

interface Reply {
  status: boolean;
  message: string;
}

interface Pending {
  message: string;
  retry: () => Promise<Reply>;
  done: (reply: Reply | undefined) => void;
}

/**
 * Saves an ad; when the server warns that the id does not match the network's format
 * (docs/decisions/0014-ad-units.md), asks whether to save anyway and resends with `force: true`.
 * `done` gets the final reply, or undefined when the admin chose to fix the id instead. A save asked for
 * while one is in flight is ignored: a double click on Submit comes before the button renders as busy,
 * and the two calls, joined into one request, would each toast its reply (a refusal twice).
 */
export function useSaveWithWarning() {
  const [pending, setPending] = useState<Pending | null>(null);
  const oneAtATime = useOneAtATime();

  async function save(send: (force: boolean) => Promise<Reply>, done: (reply: Reply | undefined) => void) {
    const reply = await oneAtATime(() => send(false));
    if (!reply) return;
    if (!reply.status && adFormatWarnings.includes(reply.message)) {
      setPending({ message: reply.message, retry: () => send(true), done });
      return;
    }
    report(reply);
    done(reply);
  }

  const dialog = (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open && pending) {
          pending.done(undefined);
          setPending(null);
        }
      }}
      title="Check the Ad ID"
      description={pending?.message}
    >
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            pending?.done(undefined);
            setPending(null);
          }}
        >
          Fix it
        </Button>
        <Button
          onClick={async () => {
            if (!pending) return;
            setPending(null);
            const reply = await pending.retry();
            report(reply);
            pending.done(reply);
          }}
        >
          Save anyway
        </Button>
      </div>
    </Dialog>
  );

  return { save, dialog };
}

/** A reply's message as a toast: the server's words, success or failure (doc 2 section 8). */
export function report(reply: Reply) {
  if (reply.status) toastSuccess(reply.message);
  else toast.error(reply.message || 'Internet Server Error');
}
