import {
  PUSH_CHANNELS,
  pushChannelLabels,
  type ChannelDelivery,
  type DeliveryStatus,
  type Notification,
} from '@streamdesk/contract/notifications';
import { cn } from '@/lib/cn';

const tone: Record<DeliveryStatus, string> = {
  sent: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  failed: 'bg-red-50 text-red-700 ring-red-600/20',
  pending: 'bg-amber-50 text-amber-700 ring-amber-600/20',
  'not configured': 'bg-slate-100 text-slate-600 ring-slate-500/20',
};

function Channel({ label, delivery }: { label: string; delivery: ChannelDelivery }) {
  return (
    <li className="flex flex-col gap-0.5">
      {/* The status goes under its channel when the Delivery column is narrow (a laptop's screen). */}
      <span className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
        <span className="text-xs text-slate-500">{label}:</span>
        <span
          title={delivery.status === 'not configured' ? (delivery.detail ?? undefined) : undefined}
          className={cn(
            'inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
            tone[delivery.status],
          )}
        >
          {delivery.status}
        </span>
      </span>
      {delivery.detail && delivery.status !== 'not configured' && (
        <span
          className={cn(
            'block max-w-64 text-xs whitespace-normal',
            delivery.status === 'failed' ? 'text-red-600' : 'text-slate-500',
          )}
        >
          {delivery.detail}
        </span>
      )}
    </li>
  );
}

/** Per channel: sent, failed with the reason, pending, or not configured. */
export function DeliveryStatusList({ notification }: { notification: Notification }) {
  return (
    <ul aria-label="Delivery" className="space-y-1">
      {PUSH_CHANNELS.map((channel) => (
        <Channel key={channel} label={pushChannelLabels[channel]} delivery={notification.delivery[channel]} />
      ))}
    </ul>
  );
}
