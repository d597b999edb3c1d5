import https from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { ChannelDelivery, WebPushPayload } from '@streamdesk/contract/notifications';
import type { PushConfig } from '../../platform/config.js';
import type { PushSubscriptionRow } from './notifications.repository.js';
import {
  httpFailure,
  notConfiguredSender,
  reasonOf,
  RetryableError,
  STOPPED_REASON,
  withRetries,
  type PushMessage,
  type PushSender,
  type RetryPolicy,
} from './push-sender.js';

/** Where the sender reads the audience and drops subscriptions the push service says are gone. */
export interface SubscriptionSource {
  page(afterId: string, limit: number): Promise<PushSubscriptionRow[]>;
  remove(id: string): Promise<void>;
}

const PAGE = 200;
const CONCURRENCY = 10;
/** How long a push service keeps an undelivered message for an offline browser. */
const TTL_SECONDS = 24 * 60 * 60;

type Outcome = { kind: 'delivered' } | { kind: 'gone' } | { kind: 'failed'; reason: string };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Resolves with the promise, or rejects as soon as the signal fires (the request is left to time out). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error(STOPPED_REASON));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error(STOPPED_REASON));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Web Push (RFC 8030, VAPID RFC 8292, aes128gcm RFC 8291) to every browser that subscribed on /site/.
 * Subscriptions the push service answers 404/410 for are removed.
 */
export function createWebPushSender(
  vapid: PushConfig['vapid'],
  source: SubscriptionSource,
  policy: RetryPolicy,
): PushSender {
  if (!vapid) {
    return notConfiguredSender(
      'webPush',
      'Not configured: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set',
    );
  }

  // Most subscriptions share a few push-service hosts: keep their TLS connections open between sends.
  // The global agent's TLS options (its `ca`, say) carry over.
  let agent: https.Agent | undefined;
  const keepAlive = () =>
    (agent ??= new https.Agent({ ...https.globalAgent.options, keepAlive: true, maxSockets: CONCURRENCY }));

  async function deliver(sub: PushSubscriptionRow, payload: string, signal: AbortSignal): Promise<Outcome> {
    try {
      await withRetries(
        async () => {
          try {
            await abortable(
              webpush.sendNotification(
                { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
                payload,
                {
                  vapidDetails: vapid!,
                  agent: keepAlive(),
                  TTL: TTL_SECONDS,
                  urgency: 'normal',
                  timeout: policy.timeoutMs,
                  contentEncoding: 'aes128gcm',
                },
              ),
              signal,
            );
          } catch (error) {
            if (error instanceof WebPushError) {
              if (error.statusCode === 404 || error.statusCode === 410) throw error;
              const retryAfter = error.headers?.['retry-after'];
              throw httpFailure(
                error.statusCode,
                String(error.body ?? '')
                  .slice(0, 200)
                  .trim(),
                retryAfter,
              );
            }
            if (signal.aborted) throw error;
            throw new RetryableError(`network error: ${reasonOf(error)}`, undefined, { cause: error });
          }
        },
        policy,
        signal,
      );
      return { kind: 'delivered' };
    } catch (error) {
      if (error instanceof WebPushError) {
        await source.remove(sub.id);
        return { kind: 'gone' };
      }
      return { kind: 'failed', reason: reasonOf(error) };
    }
  }

  return {
    channel: 'webPush',
    notConfigured: undefined,
    close: () => {
      agent?.destroy();
      agent = undefined;
    },
    async send(message: PushMessage, signal): Promise<ChannelDelivery> {
      const payload = JSON.stringify({
        id: message.id,
        title: message.title,
        body: message.body,
        url: message.url,
        icon: message.icon,
      } satisfies WebPushPayload);
      let total = 0;
      let delivered = 0;
      let gone = 0;
      const failures: string[] = [];
      try {
        let after = '';
        for (;;) {
          if (signal.aborted) throw new Error(STOPPED_REASON);
          const page = await source.page(after, PAGE);
          if (page.length === 0) break;
          after = page[page.length - 1]!.id;
          total += page.length;
          for (let i = 0; i < page.length; i += CONCURRENCY) {
            const outcomes = await Promise.all(
              page.slice(i, i + CONCURRENCY).map((sub) => deliver(sub, payload, signal)),
            );
            for (const o of outcomes) {
              if (o.kind === 'delivered') delivered++;
              else if (o.kind === 'gone') gone++;
              else failures.push(o.reason);
            }
          }
        }
      } catch (error) {
        failures.push(reasonOf(error));
      }
      if (total === 0 && failures.length === 0) {
        return { status: 'sent', detail: 'No browser has subscribed yet' };
      }
      const parts = [`Delivered to ${delivered} of ${plural(total, 'browser')}`];
      if (gone) parts.push(`${plural(gone, 'expired subscription')} removed`);
      if (failures.length) parts.push(`${failures.length} failed: ${failures[0]}`);
      return { status: delivered > 0 ? 'sent' : 'failed', detail: parts.join('; ') };
    },
  };
}
