import { useState } from 'react';
import { pushSupported, subscribeToPush, type PushSubscribeResult } from './subscribe-to-push';

const said: Partial<Record<PushSubscribeResult, string>> = {
  subscribed: 'You will be notified.',
  denied: 'Notifications are blocked in this browser.',
  'not configured': 'Notifications are not available yet.',
  failed: 'Could not turn on notifications. Please try again.',
};

/**
 * A "Get notified" button for the public feed: the permission prompt comes from the visitor's click.
 * Renders nothing where push is unsupported or the visitor already answered the prompt. After a failure
 * the button stays, as Try again: permission is usually granted by then, so after a reload the button
 * would not come back.
 */
export function PushOptIn({ className }: { className?: string }) {
  const [result, setResult] = useState<PushSubscribeResult | null>(null);
  const [busy, setBusy] = useState(false);
  if (!pushSupported() || (Notification.permission !== 'default' && result === null)) return null;
  const message = result && (
    <p role="status" className={className}>
      {said[result]}
    </p>
  );
  if (result && result !== 'failed') return message;
  return (
    <>
      {message}
      <button
        type="button"
        className={className}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void subscribeToPush().then((r) => {
            setResult(r);
            setBusy(false);
          });
        }}
      >
        {result === 'failed' ? 'Try again' : 'Get notified'}
      </button>
    </>
  );
}
