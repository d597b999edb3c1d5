import type { RouteDef } from '@streamdesk/contract/http';
import type { retryBody, retryReply } from '@streamdesk/contract/video-processing';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { requestApi } from '@/lib/api-client';
import { toastFailure } from './toast-failure';
import { toastSuccess } from './toast-success';

/** A processed kind's retry route: every one takes an id list and answers how many it queued again. */
type RetryRoute = RouteDef & { body: typeof retryBody; reply: typeof retryReply };

/**
 * The mutation behind every failed video's Retry (RetryProcessingButton, ProcessingState: 0059): the
 * ids' processing is queued again and the lists under `queryKey` reload, then follow the run by
 * themselves (processing-poll).
 *
 * Given `failed`, the hook says how it went: the reply's message, or a refusal in the server's words
 * (not failed any more: another admin retried it) with `failed` when it gave none. Without it the
 * screen words the outcome itself (the library, which also keeps it in its banner): the failure is only
 * logged, and the call settles once the lists have reloaded.
 */
export function useRetryProcessing(route: RetryRoute, queryKey: QueryKey, failed?: string) {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey });
  return useMutation({
    mutationFn: (ids: string[]) => requestApi(route, { body: { id: ids } }),
    onSuccess: (reply) => {
      if (failed === undefined) return reload();
      toastSuccess(reply.message);
      void reload();
    },
    onError: failed === undefined ? undefined : toastFailure(failed),
    meta: failed === undefined ? { onError: 'log' } : undefined,
  });
}
