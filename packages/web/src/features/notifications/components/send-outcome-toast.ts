import {
  noChannelConfigured,
  notificationMessages,
  type Notification,
} from '@streamdesk/contract/notifications';
import { toast } from 'sonner';
import { toastSuccess } from '@/ui/toast-success';

/**
 * What a send or resend says (issue 36): green 'sent' only when a push channel took it; with none
 * configured, no device received it, and one neutral message says so instead of a success beside a
 * warning.
 */
export function toastSendOutcome(sent: { message?: string; data: Pick<Notification, 'delivery'> }) {
  if (noChannelConfigured(sent.data.delivery)) {
    toast.info(notificationMessages.noChannel, { id: 'notification-no-channel' });
    return;
  }
  toastSuccess(sent.message ?? '', notificationMessages.sent);
}
