import { toast } from 'sonner';

/** Success toasts close after 2 s; every other toast keeps the Toaster's 5 s (doc 1 section 9). */
export const SUCCESS_TOAST_MS = 2000;

/**
 * One toast per message: the same success shown again while its toast is up (a form sent twice by a
 * double click, both calls answered with the one reply) updates that toast rather than stacking a copy.
 */
export function toastSuccess(message: string, fallback = 'Updated successfully'): string | number {
  // A reply without a message gets the spec's words (doc 1 section 8), never an empty green toast.
  const text = message || fallback;
  return toast.success(text, { duration: SUCCESS_TOAST_MS, id: `success:${text}` });
}
