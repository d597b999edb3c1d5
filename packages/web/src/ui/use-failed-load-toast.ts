import { useEffect } from 'react';
import { toast } from 'sonner';
import { LOAD_FAILED } from '@/lib/api-query';

/** The spec's fallback when a load fails without a message; kept here too for the screens' imports. */
export { LOAD_FAILED };

/**
 * A load the server answered with `status: false` shows its message as an error toast (doc 1 section 8:
 * "A reply with status false shows the server message as an error toast"). The screen keeps its inline
 * note as well, so the failure is still said after the toast fades. One toast per reply: a refetch that
 * fails again toasts again, and the toast's id keeps one toast for one message (React's double effects
 * in development, two tables failing alike).
 */
export function useFailedLoadToast(reply: { status: boolean; message?: string } | undefined) {
  useFailureToast(reply?.status === false ? reply.message || LOAD_FAILED : '', reply);
}

/**
 * For a screen that words its own load failure (an inline note or banner): the same text as an error
 * toast, once for each failed attempt (`attempt` is what changes with one, e.g. a query's
 * `errorUpdatedAt`), one toast per message.
 */
export function useFailureToast(message: string, attempt: unknown) {
  useEffect(() => {
    if (message) toast.error(message, { id: `load-failed:${message}` });
  }, [message, attempt]);
}
