import { toast } from 'sonner';
import { failureMessage } from '@/lib/api-client';

/**
 * A mutation's `onError`: the failed call's message (the server's, or 'Internet Server Error') as an
 * error toast, or the screen's `fallback` when the reply had none (doc 1 section 8).
 */
export const toastFailure =
  (fallback = 'Something went wrong!') =>
  (error: Error) =>
    void toast.error(failureMessage(error, fallback));
