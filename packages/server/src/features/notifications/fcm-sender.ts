import { sign } from 'node:crypto';
import type { ChannelDelivery } from '@streamdesk/contract/notifications';
import type { FcmServiceAccount, PushConfig } from '../../platform/config.js';
import {
  httpFailure,
  notConfiguredSender,
  reasonOf,
  RetryableError,
  STOPPED_REASON,
  withRetries,
  withTimeout,
  type PushMessage,
  type PushSender,
  type RetryPolicy,
} from './push-sender.js';

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An RS256-signed JWT grant assertion (RFC 7523), as Google's OAuth2 token endpoint expects it. */
export function signGrant(account: FcmServiceAccount, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(
    JSON.stringify({
      iss: account.clientEmail,
      scope: FCM_SCOPE,
      aud: account.tokenUri,
      iat: nowSeconds,
      exp: nowSeconds + 3600,
    }),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), account.privateKey);
  return `${header}.${claims}.${b64url(signature)}`;
}

/** The short reason of an error reply: `UNREGISTERED: Requested entity was not found.` */
function fcmReason(text: string): string {
  try {
    const body = JSON.parse(text) as {
      error?: string | { message?: string; status?: string; details?: { errorCode?: string }[] };
      error_description?: string;
    };
    if (typeof body.error === 'string') {
      return [body.error, body.error_description].filter(Boolean).join(': ');
    }
    const code = body.error?.details?.find((d) => d.errorCode)?.errorCode ?? body.error?.status;
    return [code, body.error?.message].filter(Boolean).join(': ');
  } catch {
    return text.slice(0, 200);
  }
}

async function request(url: string, init: RequestInit, signal: AbortSignal, timeoutMs: number) {
  try {
    return await fetch(url, { ...init, signal: withTimeout(signal, timeoutMs) });
  } catch (error) {
    if (signal.aborted) throw new Error(STOPPED_REASON, { cause: error });
    throw new RetryableError(`network error: ${reasonOf((error as Error).cause ?? error)}`, undefined, {
      cause: error,
    });
  }
}

/**
 * FCM HTTP v1: one message to the configured topic, with an OAuth2 access token from the service
 * account (a signed JWT grant exchanged at the account's token_uri, reused until shortly before expiry).
 */
export function createFcmSender(cfg: PushConfig['fcm'], policy: RetryPolicy): PushSender {
  const account = cfg.account;
  if (!account) return notConfiguredSender('fcm', 'Not configured: FCM_SERVICE_ACCOUNT_FILE is not set');
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(signal: AbortSignal): Promise<string> {
    if (token && token.expiresAt - 60_000 > Date.now()) return token.value;
    const res = await request(
      account!.tokenUri,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: signGrant(account!),
        }),
      },
      signal,
      policy.timeoutMs,
    );
    const text = await res.text();
    if (!res.ok) {
      const failure = httpFailure(res.status, fcmReason(text), res.headers.get('retry-after'));
      failure.message = `OAuth token request failed: ${failure.message}`;
      throw failure;
    }
    const body = JSON.parse(text) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('OAuth token request failed: no access_token in the reply');
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return token.value;
  }

  const url = `${cfg.baseUrl}/v1/projects/${encodeURIComponent(account.projectId)}/messages:send`;

  function body(message: PushMessage) {
    const data: Record<string, string> = { notificationId: message.id };
    if (message.url) data.url = message.url;
    if (message.iconUrl) data.icon = message.iconUrl;
    return {
      message: {
        topic: cfg.topic,
        notification: {
          title: message.title,
          body: message.body,
          ...(message.iconUrl ? { image: message.iconUrl } : {}),
        },
        data,
      },
    };
  }

  return {
    channel: 'fcm',
    notConfigured: undefined,
    async send(message, signal): Promise<ChannelDelivery> {
      try {
        const name = await withRetries(
          async () => {
            const bearer = await accessToken(signal);
            const res = await request(
              url,
              {
                method: 'POST',
                headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
                body: JSON.stringify(body(message)),
              },
              signal,
              policy.timeoutMs,
            );
            const text = await res.text();
            if (res.status === 401) {
              // The token was revoked or expired early: fetch a fresh one on the next try.
              token = undefined;
              throw new RetryableError(`HTTP 401 ${fcmReason(text)}`);
            }
            if (!res.ok) throw httpFailure(res.status, fcmReason(text), res.headers.get('retry-after'));
            return (JSON.parse(text) as { name?: string }).name ?? '';
          },
          policy,
          signal,
        );
        return { status: 'sent', detail: `Sent to topic "${cfg.topic}"${name ? ` (${name})` : ''}` };
      } catch (error) {
        return { status: 'failed', detail: reasonOf(error) };
      }
    },
  };
}
