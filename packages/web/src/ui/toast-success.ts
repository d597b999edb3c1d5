import { toast } from 'sonner';

/** Success toasts close after 2 s; every other toast keeps the Toaster's 5 s (doc 1 section 9). */
export const SUCCESS_TOAST_MS = 2000;

export function toastSuccess(message: string): string | number {
  return toast.success(message, { duration: SUCCESS_TOAST_MS });
}
