import { adFormatWarnings } from '@streamdesk/contract/ad-units';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiCallError, failureMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { useOneAtATime } from '@/ui/use-one-at-a-time';
import { toastSuccess } from '@/ui/toast-success';

interface Reply {
  message: string;
}

/** What became of a save: made, or failed (toasted); undefined when the admin chose to fix the id. */
type Outcome = 'saved' | 'failed' | undefined;

interface Pending {
  message: string;
  retry: () => Promise<Reply>;
  done: (outcome: Outcome) => void;
}

/**
 * Saves an ad; when the server warns that the id does not match the network's format
 * (docs/decisions/0014-ad-units.md), asks whether to save anyway and resends with `force: true`.
 * `send` rejects when the save fails; `done` gets the outcome, or undefined when the admin chose to fix the
 * id instead. A save asked for
 * while one is in flight is ignored: a double click on Submit comes before the button renders as busy,
 * and the two calls, joined into one request, would each toast its reply (a refusal twice).
 */
export function useSaveWithWarning() {
  const [pending, setPending] = useState<Pending | null>(null);
  const oneAtATime = useOneAtATime();

  async function save(send: (force: boolean) => Promise<Reply>, done: (outcome: Outcome) => void) {
    const sent = await oneAtATime(() => settle(send(false)));
    if (!sent) return;
    if (sent instanceof ApiCallError && adFormatWarnings.includes(sent.message)) {
      setPending({ message: sent.message, retry: () => send(true), done });
      return;
    }
    done(report(sent));
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
            pending.done(report(await settle(pending.retry())));
          }}
        >
          Save anyway
        </Button>
      </div>
    </Dialog>
  );

  return { save, dialog };
}

/** A save's reply, or the `ApiCallError` it failed with (anything else thrown rejects). */
async function settle(call: Promise<Reply>): Promise<Reply | ApiCallError> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiCallError) return error;
    throw error;
  }
}

/** A save's outcome as a toast: the server's words, success or failure (doc 2 section 8). */
function report(sent: Reply | ApiCallError): Outcome {
  if (!(sent instanceof ApiCallError)) {
    toastSuccess(sent.message);
    return 'saved';
  }
  toast.error(failureMessage(sent, 'Internet Server Error'));
  return 'failed';
}
